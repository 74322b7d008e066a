// The `pkg` program: global options, then the subcommands of a command table (main.ts: every
// command of commands/index.ts; install-main.ts: `pkg install` alone). Only the command being run
// is loaded (all of the table for help), so start-up stays fast.
import { Command, CommanderError } from 'commander';
import * as z from 'zod';
import type { CommandEntry } from './commands/index.js';
import { exitFromParser, exitWithError, finish, type ExitCode } from './exit.js';
import type { CommandDefinition, GlobalOptions } from './lib/command.js';
import { normalizeRegistry } from './lib/registry/registry-url.js';
import { cliVersion } from './version.js';

// A command parses each of its schemas a few times at most: compiling a fast parser for each
// (zod's JIT, with new Function) costs more than it saves in a process this short.
z.config({ jitless: true });

const GLOBAL_WITH_VALUE = new Set(['--registry']);

/** What each group of subcommands is about, for the help. */
const GROUPS: Record<string, string> = {
  ai: 'AI completions and model lists: OpenRouter, Gemini (data layer)',
  github: 'GitHub repositories, files, commits, releases, issues and raw files (data layer)',
  subgraph: 'GraphQL queries of subgraphs through The Graph (data layer)',
  web: 'web search, page text, site maps, similar pages and answers (data layer)',
  block: 'blocks of the chain (data layer)',
  chain: 'the chain itself (data layer)',
  config: 'CLI settings: the registry and where it comes from',
  contract: 'contracts: code, verified source, ABI (data layer)',
  logs: 'event logs (data layer)',
  market: 'DEX pairs and pools, prices, candles, trades, quotes and rankings (data layer)',
  security: 'security flags of tokens, addresses and spenders (data layer)',
  stocks: "the issuer's stock tokens and their underlying quotes (data layer)",
  provider: 'data providers and their health (data layer)',
  setup: 'set-up of the data layer',
  token: 'registry tokens (create, list, revoke) and ERC-20 tokens (inspect)',
  trust:
    "two families: the registry's signing keys pinned on this machine (show, accept), and a package's trusted publishers, the CI workflows that may publish it with pkg publish --oidc (add, list, remove, require)",
  tx: 'transactions (data layer)',
  wallet: 'wallets: balances and activity (data layer)',
};

/** The entries a command line needs: the one it names, or all of them (help, typos, groups). */
export function entriesFor(args: readonly string[], commands: readonly CommandEntry[]): CommandEntry[] {
  const words: string[] = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const arg = args[i] ?? '';
    if (GLOBAL_WITH_VALUE.has(arg)) i++;
    else if (arg === '-v' || arg === '--version') return [];
    else if (arg.startsWith('-')) continue;
    else words.push(arg);
  }
  if (args.includes('--help') || args.includes('-h') || args[0] === 'help') return [...commands];
  const named = (path: string) => commands.filter((c) => c.name === path || c.aliases?.includes(path));
  const two = named(words.slice(0, 2).join(' '));
  if (two.length === 1) return two;
  const one = named(words[0] ?? '');
  return one.length === 1 ? one : [...commands];
}

/** A loaded command with the other paths it answers to (from the command table). */
export interface LoadedCommand {
  definition: CommandDefinition;
  aliases: readonly string[];
}

export function loadCommands(entries: readonly CommandEntry[]): Promise<LoadedCommand[]> {
  return Promise.all(
    entries.map(async (entry) => ({ definition: await entry.load(), aliases: entry.aliases ?? [] })),
  );
}

/** The commander program; `settle` receives the outcome of the command that ran. */
export function buildProgram(
  loaded: readonly LoadedCommand[],
  settle: (outcome: ExitCode | void) => void = () => undefined,
): Command {
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

  const paths = loaded.flatMap(({ definition, aliases }) => [
    { path: definition.name, definition, aliasOf: undefined },
    ...aliases.map((path) => ({ path, definition, aliasOf: definition.name })),
  ]);
  for (const { path, definition: def, aliasOf } of paths.sort((a, b) => a.path.localeCompare(b.path))) {
    const parts = path.split(' ');
    let parent = program;
    for (const part of parts.slice(0, -1)) {
      parent =
        parent.commands.find((c) => c.name() === part) ??
        parent.command(part).description(GROUPS[part] ?? `${part} commands`);
    }
    const summary = aliasOf ? `${def.summary} (same as pkg ${aliasOf})` : def.summary;
    let cmd = parent.command(parts.at(-1) ?? path).description(summary);
    if (def.configure) cmd = def.configure(cmd);
    if (def.help) cmd.addHelpText('after', `\n${def.help}`);
    cmd.exitOverride().action(async (...actionArgs: unknown[]) => {
      const self = actionArgs.at(-1) as Command;
      const options = self.opts<Record<string, unknown>>();
      const globals = program.opts<GlobalOptions>();
      settle(await def.run({ positionals: actionArgs.slice(0, -2), options, globals }));
    });
  }
  return program;
}

/** Runs the command line `argv` with the commands of `commands`. */
export async function runProgram(argv: string[], commands: readonly CommandEntry[]): Promise<void> {
  const json = argv.includes('--json');
  try {
    let outcome: ExitCode | void = undefined;
    const program = buildProgram(await loadCommands(entriesFor(argv.slice(2), commands)), (o) => {
      outcome = o;
    });
    await program.parseAsync(argv);
    finish(outcome);
  } catch (error) {
    if (error instanceof CommanderError) exitFromParser(error.exitCode);
    else exitWithError(error, json);
  }
}
