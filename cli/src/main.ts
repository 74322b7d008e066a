// The `pkg` command (dist/cli.js): the program of program.ts with every command of
// commands/index.ts. Only the command being run is loaded (all of them for help).
import { commands } from './commands/index.js';
import type { CommandEntry } from './commands/index.js';
import { entriesFor as entriesIn, runProgram } from './program.js';

/** The entries a command line needs: the one it names, or all of them (help, typos, groups). */
export const entriesFor = (args: readonly string[]): CommandEntry[] => entriesIn(args, commands);

export const main = (argv: string[]): Promise<void> => runProgram(argv, commands);
