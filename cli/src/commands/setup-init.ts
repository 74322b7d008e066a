// pkg setup init: writes the user-level .env (~/.config/pkg/.env or $XDG_CONFIG_HOME/pkg/.env,
// mode 0600) with every variable of the data layer documented and empty. Never overwrites
// without --force.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';

export const setupInitCommand = defineCommand({
  name: 'setup init',
  summary: 'write the user-level .env template: every data-layer variable, documented and empty',
  configure: (cmd) => cmd.option('--force', 'replace an existing file', false),
  async run({ options, globals }) {
    const { DATA_ENV_VARS, userConfigDir } = await import('@pkg/shared/data');
    const dir = userConfigDir();
    const path = join(dir, '.env');
    const lines = [
      '# pkg data layer: upstream credentials and settings. Only these variables are read from',
      '# this file; the process environment comes first. Leave a value empty to leave it unset.',
    ];
    let group = '';
    for (const spec of DATA_ENV_VARS) {
      if (spec.group !== group) lines.push('', `# ${spec.group}`);
      group = spec.group;
      lines.push(`# ${spec.doc}`, `${spec.name}=`);
    }
    await mkdir(dir, { recursive: true, mode: 0o700 });
    try {
      await writeFile(path, `${lines.join('\n')}\n`, { mode: 0o600, flag: options.force ? 'w' : 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new CliError('FILE_EXISTS', `${path} already exists.`, {
        exitCode: EXIT.invalidInput,
        hint: 'Edit it, or run pkg setup init --force to replace it with an empty template.',
      });
    }
    if (globals.json) return printJson({ path, variables: DATA_ENV_VARS.map((v) => v.name) });
    printLines([`wrote ${path} (${DATA_ENV_VARS.length} variables, all empty)`]);
  },
});
