// What one set of permissions asks for that another did not, and what it no longer asks for
// (docs/browsing.md, "The permission diff"; docs/sandbox.md for what each permission opens). Pure
// and browser-safe: the registry, `pkg install` and the website compare with the same function.
import type { Permissions } from '../../schemas/manifest.js';

export interface PermissionChange {
  /** What `next` asks for that `previous` did not. */
  added: Permissions;
  /** What `previous` asked for that `next` does not. */
  removed: Permissions;
}

/** Entries of `a` that `b` lacks, in `a`'s order. */
function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const other = new Set(b);
  return a.filter((entry) => !other.has(entry));
}

function difference(a: Permissions, b: Permissions): Permissions {
  return {
    fs: { read: missingFrom(a.fs.read, b.fs.read), write: missingFrom(a.fs.write, b.fs.write) },
    network: missingFrom(a.network, b.network),
    env: missingFrom(a.env, b.env),
  };
}

/** Per fs.read, fs.write, network and env: what `next` adds to `previous` and what it drops. */
export function permissionDiff(previous: Permissions, next: Permissions): PermissionChange {
  return { added: difference(next, previous), removed: difference(previous, next) };
}

/** True when the permissions list nothing (an empty diff side, or a package asking for nothing). */
export function isEmptyPermissions(p: Permissions): boolean {
  return p.fs.read.length + p.fs.write.length + p.network.length + p.env.length === 0;
}

/** One line each non-empty entry: `network api.example.com`, `fs.write out/` (docs/browsing.md). */
export function permissionEntries(p: Permissions): string[] {
  return [
    ...p.fs.read.map((e) => `fs.read ${e}`),
    ...p.fs.write.map((e) => `fs.write ${e}`),
    ...p.network.map((e) => `network ${e}`),
    ...p.env.map((e) => `env ${e}`),
  ];
}
