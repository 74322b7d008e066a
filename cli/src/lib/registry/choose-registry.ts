// Which registry a command talks to. Precedence (docs/registry-api.md, "Choosing a registry (CLI)"):
// --registry, PKG_REGISTRY, the project's pkg.json, the user config, the default.
import { DEFAULT_REGISTRY, normalizeRegistry } from './registry-url.js';
import { readUserConfig } from '../user-config.js';

export { DEFAULT_REGISTRY, normalizeRegistry, REGISTRY_ALIASES } from './registry-url.js';

export type RegistrySource = 'flag' | 'env' | 'project' | 'user-config' | 'default';

export interface ResolvedRegistry {
  url: string;
  source: RegistrySource;
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
export function chooseRegistry(flag: string | undefined, projectRegistry?: string): ResolvedRegistry {
  return resolveRegistry({
    flag,
    env: process.env.PKG_REGISTRY,
    project: projectRegistry,
    userConfig: readUserConfig().registry,
  });
}
