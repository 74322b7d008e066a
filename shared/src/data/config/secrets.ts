// The secret values of a loaded environment, and the redactor built from them.
import { createRedactor, secretPartsOfUrl, type Redactor } from '../errors/redact.js';
import { DATA_ENV_VARS, type DataEnv } from './env-vars.js';

export function secretValues(env: DataEnv): string[] {
  const values: string[] = [];
  for (const spec of DATA_ENV_VARS) {
    const value = env[spec.name];
    if (!value) continue;
    if (spec.kind === 'secret') values.push(value);
    if (spec.kind === 'url') values.push(...secretPartsOfUrl(value));
  }
  return values;
}

export function redactorFor(env: DataEnv): Redactor {
  return createRedactor(secretValues(env));
}
