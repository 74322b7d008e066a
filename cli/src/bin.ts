// The executable: `pkg ...` (bundled to dist/pkg.js). `pkg --version` is answered here, from
// this small file; every other command line loads the CLI bundle (main.ts, dist/cli.js).
//
// The bundles are compiled through V8's code cache (v8-compile-cache), kept per user in
// $XDG_CACHE_HOME/pkg/v8-compile-cache (~/.cache/pkg/...), never in a shared temporary
// directory: compiling dist/cli.js from source is about a fifth of a `pkg install`. An entry is
// used only for the exact bundle it was made from (SHA-1 of the source) and this V8 version;
// DISABLE_V8_COMPILE_CACHE=1 turns it off; a cache that cannot be written is skipped.
import path from 'node:path';
import { userCacheDir } from './lib/paths.js';
import { cliVersion } from './version.js';

const CACHE_DIR_VARIABLE = 'V8_COMPILE_CACHE_CACHE_DIR';

async function useCompileCache(): Promise<void> {
  const preset = process.env[CACHE_DIR_VARIABLE];
  if (preset === undefined) process.env[CACHE_DIR_VARIABLE] = path.join(userCacheDir(), 'v8-compile-cache');
  try {
    await import('v8-compile-cache');
  } finally {
    // read once, at load: keep it out of the environment of anything started later
    if (preset === undefined) delete process.env[CACHE_DIR_VARIABLE];
  }
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${cliVersion}\n`);
} else {
  void useCompileCache()
    .then(() => import('./main.js'))
    .then(({ main }) => main(process.argv));
}
