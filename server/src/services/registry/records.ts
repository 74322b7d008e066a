// Database documents → the resource shapes of docs/registry-api.md.
import {
  formatPackageId,
  type Manifest,
  type PackageInfo,
  type Provenance,
  type VersionRecord,
} from '@pkg/shared';
import type { PackageDoc } from '../../db/models/package.js';
import type { VersionDoc } from '../../db/models/version.js';

export function downloadPath(namespace: string, name: string, version: string): string {
  return `/packages/${namespace}/${name}/${encodeURIComponent(version)}/download`;
}

/** The direct, content-addressed address of the bytes (docs/registry-api.md). */
export function artifactUrl(baseUrl: string, integrity: string, filename: string): string {
  return `${baseUrl}/artifacts/${integrity.replace(/^sha256-/, '')}/${encodeURIComponent(filename)}`;
}

export function toVersionRecord(doc: VersionDoc, baseUrl: string): VersionRecord {
  return {
    name: formatPackageId(doc.namespace, doc.name),
    version: doc.version,
    manifest: doc.manifest as Manifest,
    integrity: doc.integrity,
    size: doc.size,
    publishedAt: doc.publishedAt.toISOString(),
    publishedBy: doc.publishedBy,
    download: downloadPath(doc.namespace, doc.name, doc.version),
    artifact: {
      filename: doc.artifact.filename,
      backend: doc.artifact.backend,
      url: artifactUrl(baseUrl, doc.integrity, doc.artifact.filename),
    },
    provenance: doc.provenance as Provenance,
    ...versionTrust(doc),
  };
}

/** What a version record says of its trust (docs/trust.md): signatures, log entry, yank, deprecation. */
export function versionTrust(doc: Pick<VersionDoc, 'signatures' | 'logIndex' | 'yanked' | 'deprecated'>) {
  return {
    signatures: (doc.signatures ?? []).map((s) => ({ keyid: s.keyid, sig: s.sig })),
    log: typeof doc.logIndex === 'number' ? { index: doc.logIndex } : null,
    ...versionMarks(doc),
  };
}

/** A version's yank and deprecation, as the version record and the package document show them. */
export function versionMarks(doc: Pick<VersionDoc, 'yanked' | 'deprecated'>) {
  const { yanked, deprecated } = doc;
  return {
    yanked: yanked ? { reason: yanked.reason, by: yanked.by, at: yanked.at.toISOString() } : null,
    deprecated: deprecated
      ? { message: deprecated.message, by: deprecated.by, at: deprecated.at.toISOString() }
      : null,
  };
}

export function toPackageInfo(
  pkg: PackageDoc,
  versions: Pick<VersionDoc, 'version' | 'publishedAt' | 'yanked' | 'deprecated'>[],
): PackageInfo {
  return {
    name: pkg.id,
    namespace: pkg.namespace,
    description: pkg.description,
    latest: pkg.latest,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt.toISOString(),
      ...versionMarks(v),
    })),
    createdAt: pkg.createdAt.toISOString(),
    updatedAt: pkg.updatedAt.toISOString(),
  };
}
