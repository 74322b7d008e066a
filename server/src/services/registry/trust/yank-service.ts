// Yank, unyank and deprecate (docs/trust.md, "Yank and deprecate"): owners and maintainers of the
// namespace only (a token with rights to it, as for publish). Each is a log entry, appended
// before the version documents change, and then the package summary is refreshed (`latest` skips
// yanked versions; the new revision makes every process read the package anew).
import {
  eventEntry,
  formatPackageId,
  RegistryError,
  type LogEvent,
  type PackageRef,
  type TrustActionOutput,
  type VersionRef,
} from '@pkg/shared';
import semver from 'semver';
import { assertTokenScope, type Auth } from '../auth-service.js';
import type { RegistryDeps } from '../registry-deps.js';
import { refreshPackageSummary } from '../version-writes.js';
import { appendEntry } from './log-store.js';
import { notAMember } from '../namespace-service.js';

/**
 * The token's scope and the namespace's owner and maintainers, as publish checks them; a token
 * from the OIDC exchange acts on its one package only (docs/publishing.md).
 */
export async function assertNamespaceRights(deps: RegistryDeps, auth: Auth, ref: PackageRef): Promise<void> {
  const { namespace } = ref;
  assertTokenScope(auth, ref);
  const doc = await deps.models.Namespace.findOne({ namespace }, { owner: 1, maintainers: 1 }).lean();
  if (doc?.owner === auth.user || doc?.maintainers.includes(auth.user)) return;
  throw notAMember(auth.user, namespace);
}

async function assertVersion(deps: RegistryDeps, ref: VersionRef): Promise<void> {
  if (await deps.models.Version.exists(ref)) return;
  throw new RegistryError(
    'NOT_FOUND',
    `Version ${ref.version} of ${formatPackageId(ref.namespace, ref.name)} does not exist.`,
  );
}

async function logAndApply(
  deps: RegistryDeps,
  ref: PackageRef,
  event: LogEvent,
  apply: () => Promise<unknown>,
): Promise<number> {
  const logIndex = await appendEntry(deps, { kind: event.kind, body: eventEntry(event) });
  await apply();
  await refreshPackageSummary(deps, ref.namespace, ref.name, event.at);
  return logIndex;
}

export async function yankVersion(
  deps: RegistryDeps,
  auth: Auth,
  input: VersionRef & { reason: string },
): Promise<TrustActionOutput> {
  const { namespace, name, version, reason } = input;
  const ref = { namespace, name, version };
  await assertNamespaceRights(deps, auth, { namespace, name });
  await assertVersion(deps, ref);
  const at = deps.clock();
  const pkg = formatPackageId(namespace, name);
  const event: LogEvent = { kind: 'yank', package: pkg, version, reason, by: auth.user, at };
  const logIndex = await logAndApply(deps, ref, event, () =>
    deps.models.Version.updateOne(ref, { $set: { yanked: { reason, by: auth.user, at } } }),
  );
  return { name: pkg, versions: [version], logIndex };
}

export async function unyankVersion(
  deps: RegistryDeps,
  auth: Auth,
  ref: VersionRef,
): Promise<TrustActionOutput> {
  const { namespace, name, version } = ref;
  await assertNamespaceRights(deps, auth, { namespace, name });
  await assertVersion(deps, ref);
  const at = deps.clock();
  const pkg = formatPackageId(namespace, name);
  const event: LogEvent = { kind: 'unyank', package: pkg, version, by: auth.user, at };
  const logIndex = await logAndApply(deps, ref, event, () =>
    deps.models.Version.updateOne({ namespace, name, version }, { $set: { yanked: null } }),
  );
  return { name: pkg, versions: [version], logIndex };
}

/** The versions of the package that the range matches now (prereleases included). */
async function matchingVersions(deps: RegistryDeps, ref: PackageRef, range: string): Promise<string[]> {
  if (semver.validRange(range) === null)
    throw new RegistryError('BAD_REQUEST', `${range} is not a version range.`, {
      details: [{ path: 'range', code: 'invalid_range', message: 'expected a semver range such as <1.2.0' }],
    });
  const docs = await deps.models.Version.find(ref, { version: 1 }).lean<{ version: string }[]>();
  const id = formatPackageId(ref.namespace, ref.name);
  if (docs.length === 0) throw new RegistryError('NOT_FOUND', `Package ${id} does not exist.`);
  const matched = docs
    .map((d) => d.version)
    .filter((v) => semver.satisfies(v, range, { includePrerelease: true }))
    .sort(semver.compare);
  if (matched.length === 0) throw new RegistryError('NOT_FOUND', `No version of ${id} matches ${range}.`);
  return matched;
}

/** Deprecates the versions the range matches now; an empty message lifts their deprecation. */
export async function deprecateVersions(
  deps: RegistryDeps,
  auth: Auth,
  input: PackageRef & { range: string; message: string },
): Promise<TrustActionOutput> {
  const { namespace, name, range, message } = input;
  await assertNamespaceRights(deps, auth, { namespace, name });
  const versions = await matchingVersions(deps, { namespace, name }, range);
  const at = deps.clock();
  const pkg = formatPackageId(namespace, name);
  const event: LogEvent = { kind: 'deprecate', package: pkg, range, message, by: auth.user, at };
  const deprecated = message ? { message, by: auth.user, at } : null;
  const logIndex = await logAndApply(deps, { namespace, name }, event, () =>
    deps.models.Version.updateMany({ namespace, name, version: { $in: versions } }, { $set: { deprecated } }),
  );
  return { name: pkg, versions, logIndex };
}
