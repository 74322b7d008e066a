// The secret values of a loaded environment, and the redactor built from them.
import { createRedactor, secretPartsOfUrl, type Redactor } from '../errors/redact.js';
import { DATA_ENV_VARS, type DataEnv } from './env-vars.js';

export function secretValues(env: DataEnv): string[] {
  const values: string[] = [];
  for (const spec of DATA_ENV_VARS) {
    const value = env[spec.name];
    if (!value) continue;
    // Also the forms a provider sends it in: HTTP Basic credentials (`key:` in base64, Zerion).
    if (spec.kind === 'secret') values.push(value, Buffer.from(`${value}:`).toString('base64'));
    if (spec.kind === 'url') values.push(...secretPartsOfUrl(value));
  }
  return values;
}

export function redactorFor(env: DataEnv): Redactor {
  return createRedactor(secretValues(env));
}
