// Which registry a command talks to. Precedence (1-registry.md, "Choosing a registry"):
// --registry, PKG_REGISTRY, the project's pkg.json, the user config, the default.
import { z } from 'zod';
import { CliError, EXIT } from '../exit.js';
import { readUserConfig } from './user-config.js';

declare const PKG_DEFAULT_REGISTRY: string | undefined;

/** The operator's public registry, fixed when the CLI is built (PKG_DEFAULT_REGISTRY). */
const PRODUCTION = typeof PKG_DEFAULT_REGISTRY === 'string' ? PKG_DEFAULT_REGISTRY : 'http://127.0.0.1:8787';

export const REGISTRY_ALIASES = {
  local: 'http://127.0.0.1:8787',
  production: PRODUCTION,
} as const;

export const DEFAULT_REGISTRY = REGISTRY_ALIASES.production;

export type RegistrySource = 'flag' | 'env' | 'project' | 'user-config' | 'default';

export interface ResolvedRegistry {
  url: string;
  source: RegistrySource;
}

const registryUrlSchema = z.url({ protocol: /^https?$/ });

/** Expand an alias and validate the URL; the result has no trailing slash. */
export function normalizeRegistry(value: string, from: string): string {
  const expanded =
    value in REGISTRY_ALIASES ? REGISTRY_ALIASES[value as keyof typeof REGISTRY_ALIASES] : value;
  const parsed = registryUrlSchema.safeParse(expanded);
  if (!parsed.success) {
    throw new CliError('BAD_REQUEST', `The registry from ${from} is not an http(s) URL or alias: ${value}`, {
      exitCode: EXIT.invalidInput,
      hint: `Use a URL such as http://127.0.0.1:8787 or one of the aliases: ${Object.keys(REGISTRY_ALIASES).join(', ')}.`,
    });
  }
  return parsed.data.replace(/\/+$/, '');
}

export interface RegistryInputs {
  flag?: string | undefined;
  env?: string | undefined;
  project?: string | undefined;
  userConfig?: string | undefined;
}

export function resolveRegistry(inputs: RegistryInputs): ResolvedRegistry {
  if (inputs.flag) return { url: normalizeRegistry(inputs.flag, '--registry'), source: 'flag' };
  if (inputs.env) return { url: normalizeRegistry(inputs.env, 'PKG_REGISTRY'), source: 'env' };
  if (inputs.project) return { url: normalizeRegistry(inputs.project, 'pkg.json'), source: 'project' };
  if (inputs.userConfig)
    return { url: normalizeRegistry(inputs.userConfig, 'the user config'), source: 'user-config' };
  return { url: DEFAULT_REGISTRY, source: 'default' };
}

/** The registry for this command, from every source in precedence order. */
export function currentRegistry(flag: string | undefined, projectRegistry?: string): ResolvedRegistry {
  return resolveRegistry({
    flag,
    env: process.env.PKG_REGISTRY,
    project: projectRegistry,
    userConfig: readUserConfig().registry,
  });
}
