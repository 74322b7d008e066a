// Publish (1-registry.md, "Publish flow" and "Publishing rules"): validate with the shared
// validator, check namespace and version rules, store the artifact (verified by reading it
// back), and only then write the metadata and provenance. Failures leave nothing published:
// an artifact whose metadata could not be written is removed.
import {
  API_VERSION,
  formatPackageId,
  manifestSha256,
  RegistryError,
  validateArchive,
  type Manifest,
  type Provenance,
  type PublishOutput,
} from '@pkg/shared';
import semver from 'semver';
import { ARTIFACT_BACKEND } from '../db/artifact-store.js';
import { VERSION_UNIQUE_INDEX } from '../db/models/version.js';
import type { AppDeps } from '../deps.js';
import type { Auth } from './auth-service.js';
import { claimNamespace } from './namespace-service.js';
import { downloadPath } from './records.js';
import { mapStorageFailure } from './storage.js';

export const ARCHIVE_MEDIA_TYPE = 'application/gzip';

export interface PublishInput {
  auth: Auth;
  bytes: Buffer;
  client?: { name: string; version: string } | undefined;
  source?: { repository: string; commit: string } | undefined;
}

function isDuplicateVersion(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; keyPattern?: Record<string, unknown> };
  if (e?.code !== 11000) return false;
  return Boolean(e.keyPattern?.version) || String(e.message).includes(VERSION_UNIQUE_INDEX);
}

function versionExists(id: string, version: string): RegistryError {
  return new RegistryError(
    'VERSION_EXISTS',
    `${id}@${version} is already published; versions are immutable, publish a new version number.`,
  );
}

export async function publish(deps: AppDeps, input: PublishInput): Promise<PublishOutput> {
  const { auth } = input;
  const checked = await validateArchive(input.bytes);
  if (!checked.ok) {
    throw new RegistryError(
      'INVALID_PACKAGE',
      `The archive is not a valid skill package (${checked.problems.length} problem(s)).`,
      {
        details: checked.problems,
      },
    );
  }
  const manifest: Manifest = checked.manifest;
  const { namespace, name, version } = manifest;
  const id = formatPackageId(namespace, name);

  if (auth.token.namespaces && !auth.token.namespaces.includes(namespace)) {
    throw new RegistryError(
      'TOKEN_SCOPE',
      `This token may publish only to ${auth.token.namespaces.join(', ')}, not to ${namespace}.`,
    );
  }
  await claimNamespace(deps, namespace, auth.user);

  const limit = deps.limiter.hit(`publish:${auth.user}`, deps.config.PKG_RATE_LIMIT_PUBLISH, 60_000);
  if (!limit.allowed) {
    throw new RegistryError('RATE_LIMITED', `Too many publishes; try again in ${limit.retryAfter} s.`, {
      retryAfter: limit.retryAfter,
    });
  }
  if (await deps.models.Version.exists({ namespace, name, version })) throw versionExists(id, version);

  const filename = `${namespace}-${name}-${version}.tar.gz`;
  let fileId;
  try {
    fileId = await deps.artifacts.put(input.bytes, {
      filename,
      integrity: checked.integrity,
      mediaType: ARCHIVE_MEDIA_TYPE,
    });
  } catch (error) {
    throw new RegistryError(
      'ARTIFACT_STORAGE_FAILED',
      'Storing the artifact failed; nothing was published. Retry the publish.',
      {
        cause: error,
      },
    );
  }

  const publishedAt = deps.clock();
  const hash = manifestSha256(manifest);
  const provenance: Provenance = {
    schemaVersion: 1,
    recorded: true,
    registryApiVersion: API_VERSION,
    package: id,
    version,
    namespace,
    publisher: { user: auth.user, via: 'token' },
    publishedAt: publishedAt.toISOString(),
    artifact: { integrity: checked.integrity, size: checked.size, format: 'tar.gz', filename },
    manifestSha256: hash,
    ...(input.client ? { client: input.client } : {}),
    ...(input.source ? { source: input.source } : {}),
  };
  try {
    await deps.models.Version.create({
      namespace,
      name,
      version,
      manifest,
      manifestSha256: hash,
      integrity: checked.integrity,
      size: checked.size,
      publishedAt,
      publishedBy: auth.user,
      artifact: {
        fileId,
        filename,
        backend: ARTIFACT_BACKEND,
        format: 'tar.gz',
        mediaType: ARCHIVE_MEDIA_TYPE,
      },
      provenance,
    });
  } catch (error) {
    await deps.artifacts
      .remove(fileId)
      .catch((e: unknown) => deps.logger.error({ err: e, fileId }, 'orphaned artifact not removed'));
    if (isDuplicateVersion(error)) throw versionExists(id, version);
    const failure = mapStorageFailure(error);
    if (failure instanceof RegistryError) throw failure;
    throw new RegistryError(
      'METADATA_WRITE_FAILED',
      'Writing the version metadata failed; nothing was published. Retry later.',
      {
        retryAfter: 5,
        cause: error,
      },
    );
  }
  try {
    await refreshPackageSummary(deps, namespace, name, publishedAt);
  } catch (error) {
    await deps.models.Version.deleteOne({ namespace, name, version }).catch(() => undefined);
    // Readers may have cached the version list with the removed version in it: a new revision
    // makes every process read it again (metadata-cache.ts).
    await deps.models.Package.updateOne({ namespace, name }, { $inc: { revision: 1 } }).catch(
      () => undefined,
    );
    await deps.artifacts.remove(fileId).catch(() => undefined);
    throw new RegistryError(
      'METADATA_WRITE_FAILED',
      'Writing the package metadata failed; nothing was published. Retry later.',
      {
        retryAfter: 5,
        cause: error,
      },
    );
  }
  return {
    name: id,
    version,
    integrity: checked.integrity,
    size: checked.size,
    download: downloadPath(namespace, name, version),
  };
}

/**
 * Recompute the package summary from its versions: `latest` is the highest stable version
 * (the highest prerelease while there is no stable one); the description is latest's. Bumps
 * the package's `revision`, which invalidates every process's cached answers for it.
 */
export async function refreshPackageSummary(
  deps: AppDeps,
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
