// Permission consent: what a package requests beyond what the project granted it.
import type { Permissions } from '@pkg/shared';
import { CliError } from '../exit.js';

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

/** Stops the install, before anything is written, when a package requests what was not granted. */
export function requireConsent(
  requests: readonly { id: string; permissions: Permissions }[],
  granted: (id: string) => Permissions | undefined,
  accept: boolean,
): void {
  if (accept) return;
  const refusals = requests.flatMap(({ id, permissions }) =>
    ungranted(permissions, granted(id)).map((line) => ({
      path: id,
      code: 'PERMISSION_NOT_GRANTED',
      message: line,
    })),
  );
  if (refusals.length === 0) return;
  throw new CliError(
    'PERMISSIONS_REQUIRED',
    'Installation stopped: these packages request permissions that were not granted; nothing was installed.',
    {
      details: refusals,
      hint: 'Review them; to grant them, run the same command with --accept-permissions.',
    },
  );
}
