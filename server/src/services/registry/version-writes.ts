// The one place a version is built and written, for publish and the legacy import
// (docs/registry-api.md, "Publish" and "Provenance"; docs/legacy-bundles.md):
//   publishVersion  builds the artifact's file entry and the version record (fields, integrity,
//                   size, provenance, timestamps) from what the caller checked, then runs:
//   storeArtifact   the bytes into the artifact store (verified by reading them back)
//   writeVersion    the version record; on failure the artifact is removed again
//   refreshSummary  the package summary; on failure the version and its artifact are removed
// so that a failure at any step leaves nothing published.
import { formatPackageId, manifestSha256, RegistryError, type Manifest, type Provenance } from '@pkg/shared';
import semver from 'semver';
import { ARTIFACT_BACKEND } from '../../db/artifact-store.js';
import { VERSION_UNIQUE_INDEX } from '../../db/models/version.js';
import { provenanceOf, type ProvenanceOrigin } from './provenance.js';
import type { RegistryDeps } from './registry-deps.js';
import { mapStorageFailure } from '../../db/availability.js';

/** The artifact store's id of a stored file. */
type FileId = Awaited<ReturnType<RegistryDeps['artifacts']['put']>>;

export interface ArtifactFile {
  filename: string;
  integrity: string;
  mediaType: string;
  format: 'tar.gz' | 'json';
}

interface NewVersion {
  namespace: string;
  name: string;
  version: string;
  manifest: Manifest;
  manifestSha256: string;
  integrity: string;
  size: number;
  publishedAt: Date;
  publishedBy: string;
  provenance: Provenance;
}

/** A version to publish, as its caller checked it. */
export interface VersionToPublish {
  manifest: Manifest;
  /** The artifact's bytes, stored verbatim, with their integrity and size. */
  bytes: Uint8Array;
  integrity: string;
  size: number;
  /** The artifact's format and media type; `what` names the bytes in a storage error. */
  artifact: Pick<ArtifactFile, 'format' | 'mediaType'> & { what: string };
  publishedBy: string;
  /** When it was published; by default now, read once the bytes are stored. */
  publishedAt?: Date | undefined;
  origin: ProvenanceOrigin;
}

/**
 * Stores the artifact (`<namespace>-<name>-<version>.<format>`), writes the version record and
 * refreshes the package summary as of now. 'exists' when the version was published meanwhile:
 * nothing is left stored then. Any other failure throws, leaving nothing published.
 */
export async function publishVersion(
  deps: RegistryDeps,
  input: VersionToPublish,
): Promise<'written' | 'exists'> {
  const { manifest, integrity, size, artifact } = input;
  const { namespace, name, version } = manifest;
  const file: ArtifactFile = {
    filename: `${namespace}-${name}-${version}.${artifact.format}`,
    integrity,
    mediaType: artifact.mediaType,
    format: artifact.format,
  };
  const fileId = await storeArtifact(deps, input.bytes, file, artifact.what);
  const now = deps.clock();
  const fields = {
    namespace,
    name,
    version,
    manifest,
    manifestSha256: manifestSha256(manifest),
    integrity,
    size,
    publishedAt: input.publishedAt ?? now,
    publishedBy: input.publishedBy,
  };
  const { filename, format } = file;
  const record: NewVersion = {
    ...fields,
    provenance: provenanceOf({ ...fields, format, filename }, input.origin),
  };
  if ((await writeVersion(deps, record, fileId, file)) === 'exists') return 'exists';
  await refreshSummary(deps, record, fileId, now);
  return 'written';
}

/**
 * Stores the bytes. The artifact store is the database's (GridFS): a database that went away is
 * 503 STORAGE_UNAVAILABLE like every other request during the outage; any other failure is 502
 * ARTIFACT_STORAGE_FAILED (`what` names the bytes in the message).
 */
export async function storeArtifact(
  deps: RegistryDeps,
  bytes: Uint8Array,
  file: ArtifactFile,
  what: string,
): Promise<FileId> {
  try {
    return await deps.artifacts.put(bytes, file);
  } catch (error) {
    const failure = mapStorageFailure(error);
    if (failure instanceof RegistryError) throw failure;
    throw new RegistryError('ARTIFACT_STORAGE_FAILED', `Storing the ${what} failed; nothing was published.`, {
      cause: error,
    });
  }
}

function isDuplicateVersion(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; keyPattern?: Record<string, unknown> };
  if (e?.code !== 11000) return false;
  return Boolean(e.keyPattern?.version) || String(e.message).includes(VERSION_UNIQUE_INDEX);
}

function metadataWriteFailed(what: string, cause: unknown): RegistryError {
  return new RegistryError(
    'METADATA_WRITE_FAILED',
    `Writing the ${what} metadata failed; nothing was published. Retry later.`,
    { retryAfter: 5, cause },
  );
}

/**
 * Writes the version record for a stored artifact. 'exists' when the version was published
 * meanwhile (the artifact is removed); other failures remove the artifact and throw.
 */
async function writeVersion(
  deps: RegistryDeps,
  record: NewVersion,
  fileId: FileId,
  file: ArtifactFile,
): Promise<'written' | 'exists'> {
  const { filename, format, mediaType } = file;
  try {
    await deps.models.Version.create({
      ...record,
      artifact: { fileId, filename, backend: ARTIFACT_BACKEND, format, mediaType },
    });
    return 'written';
  } catch (error) {
    await deps.artifacts
      .remove(fileId)
      .catch((e: unknown) => deps.logger.error({ err: e, fileId }, 'orphaned artifact not removed'));
    if (isDuplicateVersion(error)) return 'exists';
    const failure = mapStorageFailure(error);
    throw failure instanceof RegistryError ? failure : metadataWriteFailed('version', error);
  }
}

/**
 * Refreshes the package summary after a version was written; when that fails, the version and
 * its artifact are removed again, and readers are told to read the package anew. A database
 * that went away is 503 STORAGE_UNAVAILABLE; the removal then usually fails too, which is
 * logged: the version stays stored although the publish was refused.
 */
async function refreshSummary(
  deps: RegistryDeps,
  record: NewVersion,
  fileId: FileId,
  at: Date,
): Promise<void> {
  const { namespace, name, version } = record;
  try {
    await refreshPackageSummary(deps, namespace, name, at);
  } catch (error) {
    let left: unknown;
    const undo = (step: () => PromiseLike<unknown>) =>
      Promise.resolve()
        .then(step)
        .catch((e: unknown) => {
          left ??= e;
        });
    await undo(() => deps.models.Version.deleteOne({ namespace, name, version }));
    // Readers may have cached the version list with the removed version in it: a new revision
    // makes every process read it again (metadata-cache.ts).
    await undo(() => deps.models.Package.updateOne({ namespace, name }, { $inc: { revision: 1 } }));
    await undo(() => deps.artifacts.remove(fileId));
    if (left !== undefined)
      deps.logger.error(
        { err: left, package: formatPackageId(namespace, name), version },
        'a failed publish was not undone',
      );
    const failure = mapStorageFailure(error);
    throw failure instanceof RegistryError ? failure : metadataWriteFailed('package', error);
  }
}

/**
 * Recompute the package summary from its versions: `latest` is the highest stable version
 * (the highest prerelease while there is no stable one); the description is latest's. Bumps
 * the package's `revision`, which invalidates every process's cached answers for it.
 */
export async function refreshPackageSummary(
  deps: RegistryDeps,
  namespace: string,
  name: string,
  at: Date,
): Promise<void> {
  const versions = await deps.models.Version.find({ namespace, name }, { version: 1, manifest: 1 }).lean<
    { version: string; manifest: { description?: string } }[]
  >();
  const stable = versions.filter((v) => !semver.prerelease(v.version));
  const pool = stable.length ? stable : versions;
  const latest = pool.reduce<(typeof pool)[number] | undefined>(
    (best, v) => (!best || semver.gt(v.version, best.version) ? v : best),
    undefined,
  );
  if (!latest) return;
  const id = formatPackageId(namespace, name);
  const description = latest.manifest.description ?? '';
  const update = {
    $set: {
      latest: latest.version,
      description,
      updatedAt: at,
      searchText: `${id} ${description}`.toLowerCase(),
    },
    $setOnInsert: { id, createdAt: at },
    $inc: { revision: 1 },
  };
  try {
    await deps.models.Package.updateOne({ namespace, name }, update, { upsert: true });
  } catch (error) {
    // Two first publishes of one package race on the upsert: the loser updates the winner's.
    if ((error as { code?: unknown }).code !== 11000) throw error;
    await deps.models.Package.updateOne({ namespace, name }, { $set: update.$set, $inc: update.$inc });
  }
}
