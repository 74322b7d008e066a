// The executable: `pkg ...` (bundled to dist/pkg.js). `pkg --version` is answered here, from
// this small file; `pkg install` loads dist/install.js (install-main.ts), every other command
// line the CLI bundle dist/cli.js (main.ts), through V8's code cache (code-cache.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type V8 from 'node:v8';
import { commandKey, requireWithCodeCache } from './code-cache.js';
import type * as Main from './main.js';
import { cliVersion } from './version.js';

// SIGUSR1 would open this process's inspector on 127.0.0.1:9229, where anything that can send
// it a signal could then run code as the user; with a listener, Node opens no inspector.
process.on('SIGUSR1', () => undefined);

const args = process.argv.slice(2);

/**
 * The bundle a command line loads: dist/install.js (install-main.ts, the install command alone)
 * for `pkg install` without help, else dist/cli.js (main.ts, every command).
 */
function bundleFor(command: string, argv: readonly string[]): string {
  const help = argv.includes('--help') || argv.includes('-h');
  return command === 'install' && !help ? 'install.js' : 'cli.js';
}
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${cliVersion}\n`);
} else {
  // undici parses HTTP with a WebAssembly module (llhttp). V8 compiles it with its baseline
  // compiler (Liftoff), then recompiles the hot functions with TurboFan on background threads,
  // and Node waits for those jobs before the process exits: 60 to 200 ms after the output of
  // every data command, for a parser that reads a few kilobytes. Baseline code only
  // (docs/performance.md, "The cold CLI").
  // (node:v8 is required here, not imported: `pkg --version` need not load it.)
  const v8 = createRequire(import.meta.url)('node:v8') as typeof V8;
  v8.setFlagsFromString('--liftoff-only');
  // The young generation starts at 1 MiB and V8 doubles it only as objects survive, so a command
  // that reads a megabyte archive scavenged dozens of times on its way; growing it 16-fold at a
  // time cut a third of the garbage collection of an install from the lock file (docs/performance.md,
  // "Install from the lock file"). (The heap's size flags are read at start-up only; this one is
  // read whenever the young generation grows.)
  v8.setFlagsFromString('--semi-space-growth-factor=16');
  const command = commandKey(args);
  const bundle = path.join(path.dirname(fileURLToPath(import.meta.url)), bundleFor(command, args));
  const { main } = requireWithCodeCache(bundle, command) as typeof Main;
  void main(process.argv);
}
