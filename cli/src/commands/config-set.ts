// pkg config set <key> <value>: write a value to the user config. `registry` takes a URL or an
// alias; `sandbox` takes os or node (the boundary of pkg run, docs/sandbox.md).
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { userConfigFile } from '../lib/paths.js';
import { normalizeRegistry } from '../lib/registry/registry-url.js';
import { CONFIG_KEYS, parseConfigKey, readUserConfig, writeUserConfig } from '../lib/user-config.js';
import { parseSandboxChoice } from '../runtime/boundary.js';

export const configSetCommand = defineCommand({
  name: 'config set',
  summary: 'write a value to the user config',
  configure: (cmd) =>
    cmd
      .argument('<key>', `one of: ${CONFIG_KEYS.join(', ')}`)
      .argument('<value>', 'registry: a URL or an alias (local, production); sandbox: os or node'),
  run({ positionals, globals }) {
    const key = parseConfigKey(positionals[0]);
    const raw = String(positionals[1]);
    const value =
      key === 'registry' ? normalizeRegistry(raw, 'the value') : parseSandboxChoice(raw, 'sandbox');
    writeUserConfig({ ...readUserConfig(), [key]: value });
    if (globals.json) return printJson({ key, value, file: userConfigFile() });
    const lines = [`${key} = ${value}  (saved in ${userConfigFile()})`];
    if (key === 'sandbox' && value === 'node') {
      lines.push(
        "warning: pkg run now uses the weaker boundary (Node's permission model only); pkg config set sandbox os undoes it.",
      );
    }
    printLines(lines);
  },
});
