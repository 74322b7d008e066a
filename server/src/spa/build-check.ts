// Whether a build output the server reads at run time (index.html, the server render, the static
// files) was rebuilt, checked cheaply (docs/performance.md, "The package page, second pass: files
// sent as built"): the file's modification time is looked at again only once `everyMs` has passed
// since the last look, so a page load costs a clock read rather than a stat, and a rebuild is seen
// within `everyMs`.
import { statSync } from 'node:fs';

/** How long a look at a build file's modification time holds. */
export const BUILD_CHECK_MS = 1000;

/** The file's modification time, or undefined when it does not exist (no such build). */
function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The value `read` makes of `file` (given its modification time, undefined without the file),
 * made again when that time has changed; the time is read at most once every `everyMs`.
 */
export function whenRebuilt<T>(
  file: string,
  read: (mtimeMs: number | undefined) => T,
  everyMs = BUILD_CHECK_MS,
  now: () => number = () => performance.now(),
): () => T {
  let current: { mtimeMs: number | undefined; value: T } | undefined;
  let lookedAt = -Infinity;
  return () => {
    const at = now();
    if (current && at - lookedAt < everyMs) return current.value;
    lookedAt = at;
    const mtimeMs = mtimeOf(file);
    if (!current || current.mtimeMs !== mtimeMs) current = { mtimeMs, value: read(mtimeMs) };
    return current.value;
  };
}
