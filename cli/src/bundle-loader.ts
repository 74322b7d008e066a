// How dist/cli.js loads another bundle of dist/ (build.mjs maps the data SDK's imports here):
// through V8's code cache like dist/cli.js itself (code-cache.ts), keyed by the same command.
// Without the cache, compiling the 1.7 MB data bundle from source was a fifth of a cold
// `pkg chain info` (docs/performance.md, "The cold CLI").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandKey, requireWithCodeCache } from './code-cache.js';

export function requireBundle(name: string): unknown {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), name);
  return requireWithCodeCache(file, commandKey(process.argv.slice(2)));
}
