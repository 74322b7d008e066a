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
import { ARTIFACT_BACKEND } from '../db/artifact-store.js';
import { VERSION_UNIQUE_INDEX } from '../db/models/version.js';
import type { AppDeps } from '../deps.js';
import { decodeLegacyBundle, LEGACY_BUNDLE_MEDIA_TYPE } from './legacy-bundle.js';
import { claimNamespace } from './namespace-service.js';
import { isReservedNamespace } from './package-service.js';
import { refreshPackageSummary } from './publish-service.js';
import { downloadPath } from './records.js';

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
async function ownerFor(deps: AppDeps, namespace: string, owner: string | undefined): Promise<string> {
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

function isDuplicateVersion(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 11000 && String(e.message).includes(VERSION_UNIQUE_INDEX);
}

export async function importLegacyBundle(
  deps: AppDeps,
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
  const filename = `${namespace}-${name}-${version}.json`;
  const { integrity, size } = integrityOf(bytes);
  let fileId;
  try {
    fileId = await deps.artifacts.put(bytes, { filename, integrity, mediaType: LEGACY_BUNDLE_MEDIA_TYPE });
  } catch (error) {
    throw new RegistryError('ARTIFACT_STORAGE_FAILED', 'Storing the bundle failed; nothing was imported.', {
      cause: error,
    });
  }
  const hash = manifestSha256(manifest);
  const facts = {
    namespace,
    name,
    version,
    publishedBy,
    publishedAt,
    integrity,
    size,
    format: 'json' as const,
    filename,
  };
  try {
    await deps.models.Version.create({
      namespace,
      name,
      version,
      manifest,
      manifestSha256: hash,
      integrity,
      size,
      publishedAt,
      publishedBy,
      artifact: {
        fileId,
        filename,
        backend: ARTIFACT_BACKEND,
        format: 'json',
        mediaType: LEGACY_BUNDLE_MEDIA_TYPE,
      },
      provenance: deriveProvenance({ ...facts, manifestSha256: hash }, 'import'),
    });
  } catch (error) {
    await deps.artifacts.remove(fileId).catch(() => undefined);
    if (isDuplicateVersion(error)) return skipped(namespace, name, version);
    throw error;
  }
  await refreshPackageSummary(deps, namespace, name, deps.clock());
  return {
    status: 'imported',
    name: formatPackageId(namespace, name),
    version,
    integrity,
    size,
    download: downloadPath(namespace, name, version),
  };
}
