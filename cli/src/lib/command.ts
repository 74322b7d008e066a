// One command per file: a name, a summary, its arguments and options, and run().
// main.ts turns each definition into a commander command and generates the help.
import type { Command } from 'commander';
import * as z from 'zod';
import type { ExitCode } from '../exit.js';

// A command parses each schema a handful of times at most: zod's generated (eval-compiled) fast
// path costs more to build than it saves, so the CLI runs zod's interpreter.
z.config({ jitless: true });

export interface GlobalOptions {
  registry?: string | undefined;
  json: boolean;
}

export interface CommandDefinition {
  /** The command path, e.g. `init` or `token create`. */
  name: string;
  summary: string;
  /** Extra help text printed after the options (examples). */
  help?: string;
  configure?: (cmd: Command) => Command;
  /**
   * Receives commander's positional arguments, the command's options and the global options.
   * Returns its outcome when that is not plain success (data commands: 3 when no provider could
   * answer); failures are thrown. main.ts hands the outcome to the exit handler (exit.ts).
   */
  run: (args: {
    positionals: unknown[];
    options: Record<string, unknown>;
    globals: GlobalOptions;
  }) => Promise<ExitCode | void> | ExitCode | void;
}

export function defineCommand(definition: CommandDefinition): CommandDefinition {
  return definition;
}
