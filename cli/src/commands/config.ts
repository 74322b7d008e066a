// pkg config get|set registry: the registry and where its value comes from.
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { userConfigFile } from '../lib/paths.js';
import { findProject, readProjectManifest } from '../lib/project.js';
import { currentRegistry, normalizeRegistry } from '../lib/registry.js';
import { readUserConfig, writeUserConfig } from '../lib/user-config.js';

const KEYS = ['registry'] as const;

function checkKey(key: unknown): void {
  if (!KEYS.includes(key as (typeof KEYS)[number])) {
    throw new CliError('BAD_REQUEST', `Unknown config key "${String(key)}".`, {
      exitCode: EXIT.invalidInput,
      hint: `Known keys: ${KEYS.join(', ')}.`,
    });
  }
}

const SOURCES = {
  flag: '--registry',
  env: 'PKG_REGISTRY',
  project: 'pkg.json',
  'user-config': 'user config',
  default: 'default',
};

export const configGetCommand = defineCommand({
  name: 'config get',
  summary: 'print a config value and where it comes from',
  configure: (cmd) => cmd.argument('<key>', `one of: ${KEYS.join(', ')}`),
  run({ positionals, globals }) {
    checkKey(positionals[0]);
    const resolved = currentRegistry(globals.registry, readProjectManifest(findProject())?.registry);
    if (globals.json) return printJson({ key: 'registry', value: resolved.url, source: resolved.source });
    printLines([`${resolved.url}  (from ${SOURCES[resolved.source]})`]);
  },
});

export const configSetCommand = defineCommand({
  name: 'config set',
  summary: 'write a value to the user config',
  configure: (cmd) =>
    cmd
      .argument('<key>', `one of: ${KEYS.join(', ')}`)
      .argument('<value>', 'a URL or an alias (local, production)'),
  run({ positionals, globals }) {
    checkKey(positionals[0]);
    const value = normalizeRegistry(String(positionals[1]), 'the value');
    writeUserConfig({ ...readUserConfig(), registry: value });
    if (globals.json) return printJson({ key: 'registry', value, file: userConfigFile() });
    printLines([`registry = ${value}  (saved in ${userConfigFile()})`]);
  },
});
