// Import of legacy JSON bundles (pkg-admin import-legacy): the bundle is validated, its bytes
// are stored verbatim (media type application/vnd.pkg.bundle+json) and the version gets a
// provenance record with `recorded: false`, derived from its metadata. A version that exists
// already is skipped, never overwritten.
import {
  API_VERSION,
  formatPackageId,
  integrityOf,
  manifestSha256,
  RegistryError,
  userNameSchema,
  type Provenance,
} from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import { decodeLegacyBundle, LEGACY_BUNDLE_MEDIA_TYPE } from './legacy-bundle.js';
import { claimNamespace, isReservedNamespace } from './namespace-service.js';
import { downloadPath } from './records.js';
import { refreshSummary, storeArtifact, writeVersion } from './version-writes.js';

export interface ProvenanceFacts {
  namespace: string;
  name: string;
  version: string;
  publishedBy: string;
  publishedAt: Date;
  integrity: string;
  size: number;
  format: 'tar.gz' | 'json';
  filename: string;
  manifestSha256: string;
}

/** A provenance record derived from metadata, for versions whose publish recorded none. */
export function deriveProvenance(facts: ProvenanceFacts, via: string): Provenance {
  return {
    schemaVersion: 1,
    recorded: false,
    registryApiVersion: API_VERSION,
    package: formatPackageId(facts.namespace, facts.name),
    version: facts.version,
    namespace: facts.namespace,
    publisher: { user: facts.publishedBy, via },
    publishedAt: facts.publishedAt.toISOString(),
    artifact: {
      integrity: facts.integrity,
      size: facts.size,
      format: facts.format,
      filename: facts.filename,
    },
    manifestSha256: facts.manifestSha256,
  };
}

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
  const { bundle, manifest } = decoded;
  const { namespace, name, version } = manifest;
  if (await deps.models.Version.exists({ namespace, name, version }))
    return skipped(namespace, name, version);
  const owner = await ownerFor(deps, namespace, options.owner);

  const publishedBy = bundle.publishedBy ?? owner;
  const publishedAt = bundle.publishedAt ? new Date(bundle.publishedAt) : deps.clock();
  const { integrity, size } = integrityOf(bytes);
  const file = {
    filename: `${namespace}-${name}-${version}.json`,
    integrity,
    mediaType: LEGACY_BUNDLE_MEDIA_TYPE,
    format: 'json' as const,
  };
  const fileId = await storeArtifact(deps, bytes, file, 'bundle');
  const hash = manifestSha256(manifest);
  const record = {
    namespace,
    name,
    version,
    manifest,
    manifestSha256: hash,
    integrity,
    size,
    publishedAt,
    publishedBy,
  };
  const provenance = deriveProvenance({ ...record, format: file.format, filename: file.filename }, 'import');
  const written = { ...record, provenance };
  if ((await writeVersion(deps, written, fileId, file)) === 'exists')
    return skipped(namespace, name, version);
  await refreshSummary(deps, written, fileId, deps.clock());
  return {
    status: 'imported',
    name: formatPackageId(namespace, name),
    version,
    integrity,
    size,
    download: downloadPath(namespace, name, version),
  };
}
