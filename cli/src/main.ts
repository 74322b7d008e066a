// The `pkg` command: global options, then one subcommand per file in commands/.
import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.js';
import { EXIT, exitWithError } from './exit.js';
import type { GlobalOptions } from './lib/command.js';
import { normalizeRegistry } from './lib/registry.js';
import { cliVersion } from './version.js';

export function buildProgram(): Command {
  const program = new Command('pkg')
    .description('Publish, install, verify and run AI-agent skill packages; query chain and market data.')
    .version(cliVersion, '-v, --version', 'print the version of pkg')
    .option(
      '--registry <url>',
      'registry URL or alias (local, production); overrides PKG_REGISTRY and config',
      (v) => normalizeRegistry(v, '--registry'),
    )
    .option('--json', 'print machine-readable JSON', false)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  const sorted = [...commands].sort((a, b) => a.name.localeCompare(b.name));
  for (const def of sorted) {
    const parts = def.name.split(' ');
    let parent = program;
    for (const part of parts.slice(0, -1)) {
      parent =
        parent.commands.find((c) => c.name() === part) ??
        parent.command(part).description(`${part} commands`);
    }
    let cmd = parent.command(parts.at(-1) ?? def.name).description(def.summary);
    if (def.configure) cmd = def.configure(cmd);
    if (def.help) cmd.addHelpText('after', `\n${def.help}`);
    cmd.exitOverride().action(async (...actionArgs: unknown[]) => {
      const self = actionArgs.at(-1) as Command;
      const options = self.opts<Record<string, unknown>>();
      const globals = program.opts<GlobalOptions>();
      await def.run({ positionals: actionArgs.slice(0, -2), options, globals });
    });
  }
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successful exits; usage errors are invalid input.
      if (error.exitCode === 0) process.exit(EXIT.ok);
      process.exit(EXIT.invalidInput);
    }
    exitWithError(error, program.opts<GlobalOptions>().json === true || argv.includes('--json'));
  }
}

await main(process.argv);
