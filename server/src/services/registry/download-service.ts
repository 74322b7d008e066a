// Which stored bytes a download serves, with the download headers of docs/registry-api.md.
import { RegistryError, type VersionRef } from '@pkg/shared';
import type { SendableBytes } from '../../db/artifact-store.js';
import { assertStorageReady } from '../../db/availability.js';
import type { RegistryDeps } from './registry-deps.js';
import type { VersionDoc } from '../../db/models/version.js';
import { findVersion } from './package-service.js';

export interface Download {
  filename: string;
  integrity: string;
  size: number;
  mediaType: string;
  /** The bytes, opened in the artifact store to be written once to a stream; `signal` stops them. */
  open(signal: AbortSignal): Promise<SendableBytes>;
}

/**
 * Opening the bytes counts the download (docs/registry-api.md, "Download counts"): in memory, for
 * the version and today; a 304 to If-None-Match never opens them, so it is not a download.
 */
function toDownload(deps: RegistryDeps, doc: VersionDoc): Download {
  return {
    open: async (signal) => {
      const bytes = await deps.artifacts.openToSend(doc.artifact.fileId, signal);
      deps.downloads.count(doc);
      return bytes;
    },
    filename: doc.artifact.filename,
    integrity: doc.integrity,
    size: doc.size,
    mediaType: doc.artifact.mediaType,
  };
}

export async function resolveDownload(deps: RegistryDeps, ref: VersionRef): Promise<Download> {
  assertStorageReady(deps.db);
  return toDownload(deps, await findVersion(deps, ref));
}

/** `/artifacts/<sha256 hex>/<filename>`: content-addressed, the filename must match too. */
export async function resolveArtifact(
  deps: RegistryDeps,
  sha256: string,
  filename: string,
): Promise<Download> {
  assertStorageReady(deps.db);
  if (!/^[0-9a-f]{64}$/.test(sha256)) {
    throw new RegistryError(
      'BAD_REQUEST',
      'An artifact address is /artifacts/<64 lowercase hex digits>/<filename>.',
    );
  }
  const doc = await deps.models.Version.findOne({
    integrity: `sha256-${sha256}`,
    'artifact.filename': filename,
  }).lean<VersionDoc>();
  if (!doc) throw new RegistryError('NOT_FOUND', `No artifact ${sha256.slice(0, 12)}… named ${filename}.`);
  return toDownload(deps, doc);
}
