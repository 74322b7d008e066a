// pkg config set registry <url|alias>: write the default registry to the user config.
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { userConfigFile } from '../lib/paths.js';
import { normalizeRegistry } from '../lib/registry/registry-url.js';
import { CONFIG_KEYS, parseConfigKey, readUserConfig, writeUserConfig } from '../lib/user-config.js';

export const configSetCommand = defineCommand({
  name: 'config set',
  summary: 'write a value to the user config',
  configure: (cmd) =>
    cmd
      .argument('<key>', `one of: ${CONFIG_KEYS.join(', ')}`)
      .argument('<value>', 'a URL or an alias (local, production)'),
  run({ positionals, globals }) {
    const key = parseConfigKey(positionals[0]);
    const value = normalizeRegistry(String(positionals[1]), 'the value');
    writeUserConfig({ ...readUserConfig(), [key]: value });
    if (globals.json) return printJson({ key, value, file: userConfigFile() });
    printLines([`${key} = ${value}  (saved in ${userConfigFile()})`]);
  },
});
