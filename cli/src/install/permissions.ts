// Permission consent: what a package requests beyond what the project granted it. An update that
// asks for more than the version recorded in pkg.json and pkg-lock.json is named with what it adds
// (the shared permission diff, docs/browsing.md "The permission diff"), and consent is asked again.
import type { Permissions } from '@pkg/shared/contract/core';
import { isEmptyPermissions, permissionDiff, permissionEntries } from '@pkg/shared/contract/install';
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

/** A package about to be installed: the version and the permissions it requests. */
export interface ConsentRequest {
  id: string;
  version: string;
  permissions: Permissions;
}

/** What the project records of a package: the grant in pkg.json and the version in pkg-lock.json. */
export interface RecordedGrant {
  version: string | undefined;
  permissions: Permissions;
}

/**
 * One line per update that asks for more than the recorded version:
 * "@acme/weather 1.1.0 asks for more than 1.0.0: network api.example.com (added)".
 */
export function widenedPermissions(
  requests: readonly ConsentRequest[],
  recorded: (id: string) => RecordedGrant | undefined,
): string[] {
  return requests.flatMap(({ id, version, permissions }) => {
    const before = recorded(id);
    if (!before) return [];
    const { added } = permissionDiff(before.permissions, permissions);
    if (isEmptyPermissions(added)) return [];
    const than = before.version ?? 'the granted permissions';
    return [
      `${id} ${version} asks for more than ${than}: ${permissionEntries(added)
        .map((e) => `${e} (added)`)
        .join(', ')}`,
    ];
  });
}

/**
 * Stops the install, before anything is written, when a package requests what was not granted;
 * an update that widens its permissions is named with what it adds. Returns those lines when
 * `accept` grants them, for the caller to show.
 */
export function requireConsent(
  requests: readonly ConsentRequest[],
  recorded: (id: string) => RecordedGrant | undefined,
  accept: boolean,
): string[] {
  const widened = widenedPermissions(requests, recorded);
  if (accept) return widened;
  const refusals = requests.flatMap(({ id, permissions }) =>
    ungranted(permissions, recorded(id)?.permissions).map((line) => ({
      path: id,
      code: 'PERMISSION_NOT_GRANTED',
      message: line,
    })),
  );
  if (refusals.length === 0) return [];
  const what = widened.length
    ? `${widened.join('; ')}. Consent is asked again`
    : 'these packages request permissions that were not granted';
  throw new CliError('PERMISSIONS_REQUIRED', `Installation stopped: ${what}; nothing was installed.`, {
    details: refusals,
    hint: 'Review them; to grant them, run the same command with --accept-permissions.',
  });
}
