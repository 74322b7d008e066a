// The executable: `pkg ...` (bundled to dist/pkg.js). `pkg --version` is answered here, from
// this small file; every other command line loads the CLI bundle dist/cli.js (main.ts), through
// V8's code cache (code-cache.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandKey, requireWithCodeCache } from './code-cache.js';
import type * as Main from './main.js';
import { cliVersion } from './version.js';

// SIGUSR1 would open this process's inspector on 127.0.0.1:9229, where anything that can send
// it a signal could then run code as the user; with a listener, Node opens no inspector.
process.on('SIGUSR1', () => undefined);

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${cliVersion}\n`);
} else {
  const bundle = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.js');
  const { main } = requireWithCodeCache(bundle, commandKey(args)) as typeof Main;
  void main(process.argv);
}
