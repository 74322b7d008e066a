// The one place a version is built and written, for publish and the legacy import
// (docs/registry-api.md, "Publish" and "Provenance"; docs/legacy-bundles.md):
//   publishVersion  builds the artifact's file entry and the version record (fields, integrity,
//                   size, provenance, timestamps) from what the caller checked, then runs:
//   storeArtifact   the bytes into the artifact store, then read back and checked while (its local
//                   disk copy finishes while the log entry and the summary are written, and the
//                   publish waits for it before it answers: docs/performance.md, "Publish, fourth
//                   pass"):
//   writeVersion    the version record, signed with the current key (docs/trust.md, "What is
//                   signed"), is written, with the log index its entry is likely to get (the size
//                   of the tree this process appended last); on a failure of either, both are
//                   removed again
//   logAndRefresh   its publish entry appended to the log (docs/trust.md, "The log": one write,
//                   with its hashes and checkpoint) while the package's versions are read; the
//                   version's log index set again only when the entry got another; then the
//                   package summary (its new revision only once the log index and the checkpoint
//                   are stored). On any failure the version and its artifact are removed
// so that a failure at any step leaves nothing published. The signing key is checked first (by
// the caller, or here): a server without the current key refuses before anything is stored.
// Every write before the summary's is journaled later, and the reads between them (the read-back,
// the log's entry before, the package's versions) read unjournaled (db/journaled-later.ts): each
// is answered once the store applied it, in the order above, and the summary's write, journaled,
// is answered only once the journal holds it and all of them, so a publish waits for one journal
// flush, not one per write, and is acknowledged only once all of it is durable
// (docs/performance.md, "Publish"). The undo's writes are journaled.
import { formatPackageId, manifestSha256, RegistryError, type Manifest, type Provenance } from '@pkg/shared';
import semver from 'semver';
import { ARTIFACT_BACKEND } from '../../db/artifact-store.js';
import { insertDocument } from '../../db/insert-document.js';
import { JOURNALED_LATER, UNJOURNALED_LEVEL } from '../../db/journaled-later.js';
import { VERSION_UNIQUE_INDEX, type VersionCodeScan } from '../../db/models/version.js';
import { versionDocument } from '../../db/models/version-document.js';
import { updatePackageSummary } from '../../db/models/package-summary-update.js';
import { provenanceOf, type ProvenanceOrigin } from './provenance.js';
import type { RegistryDeps } from './registry-deps.js';
import { mapStorageFailure } from '../../db/availability.js';
import { currentSigner, type Signer } from './trust/signing-keys.js';
import { nextIndexGuess } from './trust/log-store.js';
import { logPublish, signVersion } from './trust/version-signing.js';
import {
  packageSearchFields,
  versionSearchTerms,
  type SearchSource,
  type VersionSearchTerms,
} from './search/search-terms.js';

/** The artifact store's id of a stored file. */
type FileId = Awaited<ReturnType<RegistryDeps['artifacts']['write']>>['id'];

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
  signatures: { keyid: string; sig: string }[];
  /** The index its publish entry is likely to get; set again once it is logged, if it differs. */
  logIndex?: number | undefined;
  /** The static look at its code (code-scan.ts); made on the first insights request when absent. */
  codeScan?: VersionCodeScan | undefined;
  searchTerms: VersionSearchTerms;
}

/** A version to publish, as its caller checked it. */
export interface VersionToPublish {
  manifest: Manifest;
  /** The artifact's bytes, stored verbatim, with their integrity and size. */
  bytes: Uint8Array;
  /** The artifact's files by path, as the caller decoded them (search reads SKILL.md and schemas). */
  files: ReadonlyMap<string, Uint8Array>;
  integrity: string;
  size: number;
  /** The artifact's format and media type; `what` names the bytes in a storage error. */
  artifact: Pick<ArtifactFile, 'format' | 'mediaType'> & { what: string };
  publishedBy: string;
  /** When it was published; by default now, read once the bytes are stored. */
  publishedAt?: Date | undefined;
  origin: ProvenanceOrigin;
  /** The current key, checked by the caller; by default checked here (currentSigner). */
  signer?: Signer | undefined;
  /**
   * The static look at its code, from the files the caller decoded (code-scan.ts); a function is
   * called while the artifact's copies are written (docs/performance.md, "Publish, fourth pass").
   */
  codeScan?: VersionCodeScan | (() => VersionCodeScan) | undefined;
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
  const signer = input.signer ?? (await currentSigner(deps));
  const file: ArtifactFile = {
    filename: `${namespace}-${name}-${version}.${artifact.format}`,
    integrity,
    mediaType: artifact.mediaType,
    format: artifact.format,
  };
  // The version record is written while the stored bytes are read back and checked.
  const { fileId, verified, copied } = await storeArtifact(deps, input.bytes, file, artifact.what);
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
  const provenance = provenanceOf({ ...fields, format, filename }, input.origin);
  const signature = signVersion(signer, { ...fields, provenance });
  const codeScan = typeof input.codeScan === 'function' ? input.codeScan() : input.codeScan;
  const record: NewVersion = {
    ...fields,
    provenance,
    signatures: [signature],
    logIndex: nextIndexGuess(deps),
    ...(codeScan ? { codeScan } : {}),
    searchTerms: versionSearchTerms(manifest, input.files),
  };
  const [written, checked] = await Promise.allSettled([
    writeVersion(deps, record, fileId, file, copied),
    verified,
  ]);
  if (written.status === 'rejected') throw written.reason;
  if (written.value === 'exists') return 'exists';
  if (checked.status === 'rejected') {
    await undoPublish(deps, record, null); // the failed check removed the stored bytes
    throw checked.reason;
  }
  await logAndRefresh(deps, record, fileId, { signer, at: now, copied });
  return 'written';
}

/**
 * Logs the written version and refreshes the package summary, overlapping what does not depend on
 * each other (the header's `logAndRefresh`). Returns once the entry is in a checkpoint and the
 * summary is stored; on a failure of either the publish is undone and the first failure thrown
 * (the log's before the summary's).
 */
async function logAndRefresh(
  deps: RegistryDeps,
  record: NewVersion,
  fileId: FileId,
  { signer, at, copied }: { signer: Signer; at: Date; copied?: Promise<void> | undefined },
): Promise<void> {
  const signature = record.signatures[0];
  const logged = signature
    ? logPublish(deps, record, signature, signer, true)
    : Promise.reject(new Error('the version is not signed'));
  const { namespace, name, version } = record;
  const setIndex = logged.then(async (logIndex) => {
    if (logIndex !== record.logIndex)
      await deps.models.Version.updateOne(
        { namespace, name, version },
        { $set: { logIndex } },
        JOURNALED_LATER,
      );
  });
  const refreshed = refreshPackageSummary(deps, namespace, name, at, {
    before: setIndex,
    readUnjournaled: true,
    written: { ...record, yanked: undefined, deprecated: null },
  });
  // Every write settles before the undo, so that none lands after it; the artifact's local copy
  // too, written meanwhile (it never rejects).
  const settled = await Promise.allSettled([logged, setIndex, refreshed, copied]);
  const failedAt = settled.findIndex((s) => s.status === 'rejected');
  const failed = settled[failedAt];
  if (!failed || failed.status !== 'rejected') return;
  await undoPublish(deps, record, fileId);
  const failure = mapStorageFailure(failed.reason);
  if (failure instanceof RegistryError) throw failure;
  throw metadataWriteFailed(failedAt < 2 ? 'log' : 'package', failed.reason);
}

/**
 * Removes a written version and its artifact (unless `fileId` is null: removed already) again,
 * and tells readers to read the package anew.
 * A removal that fails (usually because the database went away) is logged: the version stays
 * stored although the publish was refused.
 */
async function undoPublish(deps: RegistryDeps, record: NewVersion, fileId: FileId | null): Promise<void> {
  const { namespace, name, version } = record;
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
  await undo(() =>
    deps.models.Package.updateOne(
      { namespace, name },
      { $inc: { revision: 1 }, $set: { indexedAt: deps.clock() } },
    ),
  );
  deps.search.invalidate();
  if (fileId) await undo(() => deps.artifacts.remove(fileId));
  if (left !== undefined)
    deps.logger.error(
      { err: left, package: formatPackageId(namespace, name), version },
      'a failed publish was not undone',
    );
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
): Promise<{ fileId: FileId; verified: Promise<void>; copied: Promise<void> }> {
  const failed = (error: unknown): RegistryError => {
    const failure = mapStorageFailure(error);
    if (failure instanceof RegistryError) return failure;
    return new RegistryError(
      'ARTIFACT_STORAGE_FAILED',
      `Storing the ${what} failed; nothing was published.`,
      {
        cause: error,
      },
    );
  };
  try {
    const written = await deps.artifacts.write(bytes, file, { journaledLater: true });
    const verified = (written.checked ?? written.verified).catch((error: unknown) => {
      throw failed(error);
    });
    verified.catch(() => undefined); // awaited by the caller
    // settles once the local copy is written too; its failure is `verified`'s
    const copied = written.verified.then(
      () => undefined,
      () => undefined,
    );
    return { fileId: written.id, verified, copied };
  } catch (error) {
    throw failed(error);
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
  copied: Promise<void>,
): Promise<'written' | 'exists'> {
  const { filename, format, mediaType } = file;
  try {
    const doc = { ...record, artifact: { fileId, filename, backend: ARTIFACT_BACKEND, format, mediaType } };
    await insertDocument(deps.commands, deps.models.Version, doc, { journaledLater: true }, versionDocument);
    return 'written';
  } catch (error) {
    await copied; // the local copy is removed once written, never while it is
    await deps.artifacts
      .remove(fileId)
      .catch((e: unknown) => deps.logger.error({ err: e, fileId }, 'orphaned artifact not removed'));
    if (isDuplicateVersion(error)) return 'exists';
    const failure = mapStorageFailure(error);
    throw failure instanceof RegistryError ? failure : metadataWriteFailed('version', error);
  }
}

export type SummaryVersion = Omit<SearchSource, 'namespace' | 'name'> & {
  yanked?: unknown;
  deprecated?: { message: string } | null;
};

/** What the summary reads of each version: its marks and the sources of its search fields. */
export const SUMMARY_PROJECTION = {
  version: 1,
  'manifest.description': 1,
  'manifest.tools': 1,
  'manifest.permissions': 1,
  'provenance.publisher': 1,
  searchTerms: 1,
  yanked: 1,
  deprecated: 1,
} as const;

/** What the summary reads of every version to find `latest`. */
const MARKS_PROJECTION = { version: 1, yanked: 1, deprecated: 1 } as const;

/** How refreshPackageSummary reads (its doc comment). */
export interface RefreshOptions {
  before?: Promise<unknown> | undefined;
  readUnjournaled?: boolean | undefined;
  written?: SummaryVersion | undefined;
}

/**
 * The version `latest` names: the highest stable version (the highest prerelease while there is
 * no stable one), never a yanked one while any other is left (docs/trust.md, "Yank and
 * deprecate"); when every version is yanked, the highest of them, marked yanked.
 */
export function latestOf<T extends { version: string; yanked?: unknown }>(versions: T[]): T | undefined {
  const live = versions.filter((v) => !v.yanked);
  const candidates = live.length ? live : versions;
  const stable = candidates.filter((v) => !semver.prerelease(v.version));
  const pool = stable.length ? stable : candidates;
  return pool.reduce<T | undefined>(
    (best, v) => (!best || semver.gt(v.version, best.version) ? v : best),
    undefined,
  );
}

/**
 * Recompute the package summary from its versions: `latest` (latestOf), its description, whether
 * it is yanked, its deprecation and its search fields (search/search-terms.ts). Bumps the package's `revision`, which invalidates every
 * process's cached answers for it. `before`: a write to the package's versions that must be
 * stored before the new revision (readers cache what they read under it), run while the versions
 * are read; its failure fails the refresh. The marks of every version are read, then the rest of
 * the latest one, unless it is `written` (the version the caller just wrote, as it wrote it).
 * `readUnjournaled`: the versions are read unjournaled (db/journaled-later.ts), for a caller whose
 * writes before are journaled later.
 */
export async function refreshPackageSummary(
  deps: RegistryDeps,
  namespace: string,
  name: string,
  at: Date,
  { before, readUnjournaled = false, written }: RefreshOptions = {},
): Promise<void> {
  const read = <Q extends { readConcern(level: string): Q }>(query: Q) =>
    readUnjournaled ? query.readConcern(UNJOURNALED_LEVEL) : query;
  const [marks] = await Promise.all([
    deps.commands.find<SummaryVersion>(
      deps.models.Version.collection.collectionName,
      { namespace, name },
      { projection: MARKS_PROJECTION, readUnjournaled },
    ),
    before,
  ]);
  const latestMarks = latestOf(marks);
  const latest =
    latestMarks && written?.version === latestMarks.version
      ? { ...written, yanked: latestMarks.yanked, deprecated: latestMarks.deprecated }
      : latestMarks &&
        (await read(
          deps.models.Version.findOne({ namespace, name, version: latestMarks.version }, SUMMARY_PROJECTION),
        ).lean<SummaryVersion>());
  if (!latest) {
    // No version is left (removed meanwhile): a new revision all the same, journaled, as the
    // writes before it that are journaled later rely on (the header).
    await deps.models.Package.updateOne(
      { namespace, name },
      { $inc: { revision: 1 }, $set: { indexedAt: deps.clock() } },
    );
    return;
  }
  const id = formatPackageId(namespace, name);
  const description = latest.manifest.description ?? '';
  const update = {
    $set: {
      latest: latest.version,
      latestYanked: Boolean(latest.yanked),
      latestDeprecated: latest.deprecated?.message ?? null,
      description,
      updatedAt: at,
      searchText: `${id} ${description}`.toLowerCase(),
      search: packageSearchFields({ ...latest, namespace, name }),
      indexedAt: deps.clock(),
    },
    $setOnInsert: { id, createdAt: at },
    $inc: { revision: 1 },
  };
  const { commands, models } = deps;
  try {
    await updatePackageSummary(commands, models.Package, { namespace, name }, update, { upsert: true });
  } catch (error) {
    // Two first publishes of one package race on the upsert: the loser updates the winner's.
    if ((error as { code?: unknown }).code !== 11000) throw error;
    const { $set, $inc } = update;
    await updatePackageSummary(commands, models.Package, { namespace, name }, { $set, $inc });
  } finally {
    deps.search.invalidate();
  }
}
