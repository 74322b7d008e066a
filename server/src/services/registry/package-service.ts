// Reads of packages, versions, provenance and namespaces (search: search/search-service.ts).
import {
  formatPackageId,
  LATEST_TAG,
  RegistryError,
  type PackageInfo,
  type PackageRef,
  type ProvenanceAnswer,
  type VersionList,
  type VersionRecord,
  type VersionRef,
} from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import type { PackageDoc } from '../../db/models/package.js';
import type { VersionDoc } from '../../db/models/version.js';
import { ARTIFACT_BACKEND } from '../../db/artifact-store.js';
import { packageKey, versionKey } from '../../cache/metadata-cache.js';
import { artifactUrl, toPackageInfo, toVersionRecord } from './records.js';
import { latestOf } from './version-writes.js';

async function findPackage(deps: RegistryDeps, ref: PackageRef): Promise<PackageDoc> {
  const pkg = await deps.models.Package.findOne({
    namespace: ref.namespace,
    name: ref.name,
  }).lean<PackageDoc>();
  if (!pkg)
    throw new RegistryError(
      'NOT_FOUND',
      `Package ${formatPackageId(ref.namespace, ref.name)} does not exist.`,
    );
  return pkg;
}

/**
 * The package's stored revision (null: no such package), read after this call was made: what a
 * reader that keeps its own answers per revision labels them with and checks them against (the
 * server's package pages, spa/page-cache.ts). Every publish, yank, deprecation and trusted-publisher
 * change bumps it.
 */
export function packageRevision(deps: RegistryDeps, ref: PackageRef): Promise<number | null> {
  return deps.metadata.revisions.read(ref);
}

/** The package's stored revision, read by the caller just before (see getPackage, findVersion). */
export interface KnownRevision {
  revision: number | null;
}

/**
 * The package document. Served from the per-process cache while the stored revision still
 * equals the one read before the cached answer was built (metadata-cache.ts). `known`: the
 * revision the caller has just read; else it is read here.
 */
export async function getPackage(
  deps: RegistryDeps,
  ref: PackageRef,
  known?: KnownRevision,
): Promise<PackageInfo> {
  const cache = deps.metadata;
  const key = packageKey(ref);
  const revision = known ? known.revision : await cache.revisions.read(ref);
  return cache.packages.through(key, revision, async () => {
    const pkg = await findPackage(deps, ref);
    const versions = await deps.models.Version.find(
      { namespace: ref.namespace, name: ref.name },
      { version: 1, publishedAt: 1, yanked: 1, deprecated: 1 },
    )
      .sort({ publishedAt: 1, _id: 1 })
      .lean<Pick<VersionDoc, 'version' | 'publishedAt' | 'yanked' | 'deprecated'>[]>();
    return toPackageInfo(pkg, versions);
  });
}

export async function listVersions(deps: RegistryDeps, ref: PackageRef): Promise<VersionList> {
  const cache = deps.metadata;
  const key = packageKey(ref);
  const revision = await cache.revisions.read(ref);
  return cache.versionLists.through(key, revision, () => readVersionList(deps, ref));
}

async function readVersionList(deps: RegistryDeps, ref: PackageRef): Promise<VersionList> {
  const pkg = await findPackage(deps, ref);
  const versions = await deps.models.Version.find(
    { namespace: ref.namespace, name: ref.name },
    { version: 1, publishedAt: 1, integrity: 1, size: 1 },
  )
    .sort({ publishedAt: 1, _id: 1 })
    .lean<Pick<VersionDoc, 'version' | 'publishedAt' | 'integrity' | 'size'>[]>();
  return {
    name: pkg.id,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt.toISOString(),
      integrity: v.integrity,
      size: v.size,
    })),
  };
}

async function readVersion(deps: RegistryDeps, ref: VersionRef): Promise<VersionDoc> {
  const doc = await deps.models.Version.findOne(ref).lean<VersionDoc>();
  if (doc) return doc;
  const id = formatPackageId(ref.namespace, ref.name);
  const pkg = await deps.models.Package.exists({ namespace: ref.namespace, name: ref.name });
  throw new RegistryError(
    'NOT_FOUND',
    pkg ? `Version ${ref.version} of ${id} does not exist.` : `Package ${id} does not exist.`,
  );
}

/**
 * The exact version a read names: `ref` itself, or for the dist-tag `latest` the version latestOf
 * picks from the package document read at `revision` (docs/registry-api.md, "Versions by latest"),
 * so the answer is the one cached under that revision and changes with it (every publish, yank
 * and unyank bumps the revision).
 */
export async function resolveVersionRef(
  deps: RegistryDeps,
  ref: VersionRef,
  known: KnownRevision,
): Promise<VersionRef> {
  if (ref.version !== LATEST_TAG) return ref;
  const info = await getPackage(deps, ref, known);
  const latest = latestOf(info.versions);
  if (!latest)
    throw new RegistryError(
      'NOT_FOUND',
      `Package ${formatPackageId(ref.namespace, ref.name)} has no version.`,
    );
  return { namespace: ref.namespace, name: ref.name, version: latest.version };
}

/**
 * A version document (shared and frozen: never modify it), of an exact version or of `latest`
 * (resolveVersionRef). Cached like the package document, and checked against the package revision
 * too, since a failed publish removes its version.
 */
export async function findVersion(
  deps: RegistryDeps,
  ref: VersionRef,
  known?: KnownRevision,
): Promise<VersionDoc> {
  const cache = deps.metadata;
  const revision = known ? known.revision : await cache.revisions.read(ref);
  const exact = await resolveVersionRef(deps, ref, { revision });
  return cache.versions.through(versionKey(exact), revision, () => readVersion(deps, exact));
}

export async function getVersion(
  deps: RegistryDeps,
  ref: VersionRef,
  baseUrl: string,
  known?: KnownRevision,
): Promise<VersionRecord> {
  return toVersionRecord(await findVersion(deps, ref, known), baseUrl);
}

export async function getProvenance(
  deps: RegistryDeps,
  ref: VersionRef,
  baseUrl: string,
): Promise<ProvenanceAnswer> {
  const record = toVersionRecord(await findVersion(deps, ref), baseUrl);
  return {
    name: record.name,
    version: record.version,
    provenance: record.provenance,
    location: {
      backend: ARTIFACT_BACKEND,
      url: artifactUrl(baseUrl, record.integrity, record.artifact.filename),
    },
  };
}
