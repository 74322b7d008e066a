// Permission consent: what a package requests beyond what the project granted it.
import type { Permissions } from '@pkg/shared';

export const NO_PERMISSIONS: Permissions = { fs: { read: [], write: [] }, network: [], env: [] };

/** Requested permissions not covered by the grant, as readable lines; empty when all are granted. */
export function ungranted(requested: Permissions, granted: Permissions | undefined): string[] {
  const g = granted ?? NO_PERMISSIONS;
  const missing = (list: string[], have: string[]) => list.filter((x) => !have.includes(x));
  return [
    ...missing(requested.fs.read, g.fs.read).map((p) => `read files: ${p}`),
    ...missing(requested.fs.write, g.fs.write).map((p) => `write files: ${p}`),
    ...missing(requested.network, g.network).map((h) => `network: ${h}`),
    ...missing(requested.env, g.env).map((v) => `environment variable: ${v}`),
  ];
}

export function describePermissions(p: Permissions): string[] {
  const lines = ungranted(p, NO_PERMISSIONS);
  return lines.length ? lines : ['(none)'];
}
