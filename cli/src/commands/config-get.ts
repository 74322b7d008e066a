// pkg config get <key>: the registry in use, or the boundary of pkg run, and where the value
// comes from.
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject, readProjectManifest } from '../lib/project/project.js';
import { chooseRegistry, type RegistrySource } from '../lib/registry/choose-registry.js';
import { CONFIG_KEYS, parseConfigKey } from '../lib/user-config.js';
import { sandboxChoice } from '../runtime/boundary.js';

const SOURCES: Record<RegistrySource, string> = {
  flag: '--registry',
  env: 'PKG_REGISTRY',
  project: 'pkg.json',
  'user-config': 'user config',
  default: 'default',
};

export const configGetCommand = defineCommand({
  name: 'config get',
  summary: 'print a config value and where it comes from',
  configure: (cmd) => cmd.argument('<key>', `one of: ${CONFIG_KEYS.join(', ')}`),
  run({ positionals, globals }) {
    const key = parseConfigKey(positionals[0]);
    if (key === 'sandbox') {
      const { choice, source } = sandboxChoice(undefined);
      if (globals.json) return printJson({ key, value: choice, source });
      return printLines([`${choice}  (from ${source})`]);
    }
    const resolved = chooseRegistry(globals.registry, readProjectManifest(findProject())?.registry);
    if (globals.json) return printJson({ key, value: resolved.url, source: resolved.source });
    printLines([`${resolved.url}  (from ${SOURCES[resolved.source]})`]);
  },
});
