// Import of legacy JSON bundles (pkg-admin import-legacy): the bundle is validated, its bytes
// are stored verbatim (media type application/vnd.pkg.bundle+json) and the version gets a
// provenance record with `recorded: false`, derived from its metadata. A version that exists
// already is skipped, never overwritten. The record is built and written by publishVersion
// (version-writes.ts), as a publish is.
import { formatPackageId, integrityOf, RegistryError, userNameSchema } from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import { decodeLegacyBundle, LEGACY_BUNDLE_MEDIA_TYPE } from './legacy-bundle.js';
import { claimNamespace, isReservedNamespace } from './namespace-service.js';
import { downloadPath } from './records.js';
import { publishVersion } from './version-writes.js';
import { codeScanOf } from './code-scan.js';

export interface ImportOptions {
  /** Owner for a namespace nobody owns yet (claimed for this user). */
  owner?: string | undefined;
}

export type ImportOutcome =
  | { status: 'imported'; name: string; version: string; integrity: string; size: number; download: string }
  | { status: 'skipped'; name: string; version: string; reason: string };

function skipped(namespace: string, name: string, version: string): ImportOutcome {
  const id = formatPackageId(namespace, name);
  return {
    status: 'skipped',
    name: id,
    version,
    reason: `${id}@${version} exists already; versions are immutable`,
  };
}

/** Who owns the namespace after the import: the existing owner, or `--owner` claiming it. */
async function ownerFor(deps: RegistryDeps, namespace: string, owner: string | undefined): Promise<string> {
  const doc = await deps.models.Namespace.findOne({ namespace }).lean();
  if (isReservedNamespace(deps, namespace, doc)) {
    throw new RegistryError(
      'NAMESPACE_RESERVED',
      `The namespace ${namespace} is reserved; nothing can be imported into it.`,
    );
  }
  if (owner === undefined) {
    if (doc?.owner) return doc.owner;
    throw new RegistryError(
      'BAD_REQUEST',
      `The namespace ${namespace} has no owner yet; pass --owner <user> to claim it.`,
    );
  }
  const user = userNameSchema.parse(owner);
  if (!(await deps.models.User.exists({ name: user })))
    throw new RegistryError('NOT_FOUND', `User ${user} does not exist.`);
  if (doc?.owner && doc.owner !== user && !doc.maintainers.includes(user)) {
    throw new RegistryError(
      'FORBIDDEN',
      `The namespace ${namespace} belongs to ${doc.owner}; import without --owner, or with --owner ${doc.owner}.`,
    );
  }
  await claimNamespace(deps, namespace, user);
  return user;
}

export async function importLegacyBundle(
  deps: RegistryDeps,
  bytes: Buffer,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const decoded = decodeLegacyBundle(bytes);
  if (!decoded.ok) {
    throw new RegistryError(
      'INVALID_PACKAGE',
      `The bundle is not a valid skill package (${decoded.problems.length} problem(s)).`,
      {
        details: decoded.problems,
      },
    );
  }
  const { bundle, manifest, files } = decoded;
  const { namespace, name, version } = manifest;
  if (await deps.models.Version.exists({ namespace, name, version }))
    return skipped(namespace, name, version);
  const owner = await ownerFor(deps, namespace, options.owner);

  const { integrity, size } = integrityOf(bytes);
  const written = await publishVersion(deps, {
    manifest,
    bytes,
    files,
    integrity,
    size,
    artifact: { format: 'json', mediaType: LEGACY_BUNDLE_MEDIA_TYPE, what: 'bundle' },
    publishedBy: bundle.publishedBy ?? owner,
    publishedAt: bundle.publishedAt ? new Date(bundle.publishedAt) : undefined,
    origin: { recorded: false, via: 'import' },
    codeScan: codeScanOf(manifest, decoded.files),
  });
  if (written === 'exists') return skipped(namespace, name, version);
  return {
    status: 'imported',
    name: formatPackageId(namespace, name),
    version,
    integrity,
    size,
    download: downloadPath(namespace, name, version),
  };
}
