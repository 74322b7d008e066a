// Runs inside the sandboxed child (bundled into dist/child-bootstrap.mjs). Node's permission
// model judges the path a tool writes, not the file it reaches: a link inside a declared path
// would lead outside it. The CLI refuses to start a tool when a declared path holds such a link
// (os-sandbox/view.ts); this guard covers a link that appears while the tool runs: every fs call
// that names a path resolves it (the deepest existing ancestor, through `realpath`) and refuses
// it unless the real path lies inside one of the granted places.
import fs from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SandboxError } from './network-guard.js';
import { SANDBOX_CODES } from './protocol.js';

/** fs functions and how many leading arguments are paths. */
const PATH_ARGS: Record<string, number> = {
  access: 1,
  appendFile: 1,
  chmod: 1,
  chown: 1,
  copyFile: 2,
  cp: 2,
  createReadStream: 1,
  createWriteStream: 1,
  exists: 1,
  link: 2,
  lutimes: 1,
  mkdir: 1,
  mkdtemp: 1,
  open: 1,
  opendir: 1,
  readdir: 1,
  readFile: 1,
  rename: 2,
  rm: 1,
  rmdir: 1,
  stat: 1,
  statfs: 1,
  truncate: 1,
  unlink: 1,
  utimes: 1,
  watch: 1,
  watchFile: 1,
  writeFile: 1,
};

const realpath = fs.realpathSync.native;

function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof URL) return value.protocol === 'file:' ? fileURLToPath(value) : undefined;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined; // a file descriptor: opened by an earlier, checked call
}

/** The real path of `path`, through its deepest existing ancestor. */
function resolveReal(path: string): string {
  let at = resolve(path);
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpath(at), ...rest);
    } catch {
      const parent = dirname(at);
      if (parent === at) return resolve(path);
      rest.unshift(basename(at));
      at = parent;
    }
  }
}

export function installFsGuard(roots: readonly string[]): void {
  const inside = (real: string) =>
    roots.some((r) => real === r || real.startsWith(r.endsWith(sep) ? r : r + sep));
  const check = (args: unknown[], count: number, via: string) => {
    for (let i = 0; i < count; i++) {
      const path = pathOf(args[i]);
      if (path === undefined) continue;
      const real = resolveReal(path);
      // No link on the way: Node's permission model judges the path itself (and says why).
      if (real !== resolve(path) && !inside(real)) {
        throw new SandboxError(
          SANDBOX_CODES.link,
          `${path} leads through a link to ${real}, outside the declared paths (${via})`,
        );
      }
    }
  };
  const targets: [object, string, boolean][] = [
    [fs, '', false],
    [fs, 'Sync', false],
    [fs.promises, '', true],
  ];
  for (const [target, suffix, promises] of targets) {
    const record = target as Record<string, unknown>;
    for (const [name, count] of Object.entries(PATH_ARGS)) {
      const key = name + suffix;
      const original = record[key];
      if (typeof original !== 'function') continue;
      const fn = original as (...args: unknown[]) => unknown;
      record[key] = function guarded(this: unknown, ...args: unknown[]): unknown {
        try {
          check(args, count, `fs.${key}`);
        } catch (error) {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a SandboxError
          if (promises) return Promise.reject(error);
          throw error;
        }
        return fn.apply(this, args);
      };
    }
  }
}
