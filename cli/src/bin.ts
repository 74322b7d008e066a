// The executable: `pkg ...` (bundled to dist/pkg.js). `pkg --version` is answered here, from
// this small file; every other command line loads the CLI bundle (main.ts, dist/cli.js).
import { cliVersion } from './version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${cliVersion}\n`);
} else {
  void import('./main.js').then(({ main }) => main(process.argv));
}
