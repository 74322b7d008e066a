// `pkg install` on its own (dist/install.js): the program of program.ts with the install command
// alone, which the launcher (bin.ts) loads for a command line that runs `pkg install`, so that an
// install reads, hashes and deserializes only the code it can run, not every command's
// (docs/performance.md, "Install from the lock, third pass: the client's start"). Help and
// anything else load dist/cli.js, the whole table.
import { installEntry } from './commands/install-entry.js';
import { runProgram } from './program.js';

export const main = (argv: string[]): Promise<void> => runProgram(argv, [installEntry]);
