// The two hottest reads, the package document and the version record, as ready-to-send JSON
// bodies with their ETag: validated with the procedures' output schemas once, when built, and
// then cached per package revision like the documents (metadata-cache.ts). The bytes and the
// ETag are exactly what `res.json(output)` sends for the procedure's output, so a REST route
// may answer from here (and 304 to a matching If-None-Match) without building anything; like
// publicProcedure, a database that is down is 503 STORAGE_UNAVAILABLE.
import { getPackageOutputSchema, versionRecordSchema, type PackageRef, type VersionRef } from '@pkg/shared';
import type { RegistryDeps } from '../services/registry/registry-deps.js';
import { packageKey, versionKey, type CachedJson } from './metadata-cache.js';
import { getPackage, getVersion } from '../services/registry/package-service.js';
import { assertStorageReady } from '../db/availability.js';
import { weakEtag } from '../etag.js';

/** `etag` is Express's default ETag for the body: weak, length and SHA-1. */
export type JsonResponse = CachedJson;

export { weakEtag };

function toResponse(body: string): JsonResponse {
  return { body, etag: weakEtag(body) };
}

/**
 * Reads when the database is up. A database that is down is a rejected promise, never a
 * synchronous throw: the hot-read path calls these outside any handler, where a throw would end
 * the process. Every failure is mapped where every error is: the REST error handler.
 */
function fromStorage<T>(deps: RegistryDeps, read: () => Promise<T>): Promise<T> {
  // not an async function: the promise `read` returns is handed on, not wrapped in another
  try {
    assertStorageReady(deps.db);
    return read();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** GET /packages/:namespace/:name as JSON bytes (throws the same errors as getPackage). */
export function packageResponse(deps: RegistryDeps, ref: PackageRef): Promise<JsonResponse> {
  return fromStorage(deps, async () => {
    const cache = deps.metadata;
    const key = packageKey(ref);
    const revision = await cache.revisions.read(ref);
    return cache.packageResponses.through(key, revision, async () => {
      const info = await getPackage(deps, ref, { revision });
      return toResponse(JSON.stringify(getPackageOutputSchema.parse(info)));
    });
  });
}

/** GET /packages/:namespace/:name/:version as JSON bytes; `baseUrl` is part of the record. */
export function versionResponse(deps: RegistryDeps, ref: VersionRef, baseUrl: string): Promise<JsonResponse> {
  return fromStorage(deps, async () => {
    const cache = deps.metadata;
    // the record holds `artifact.url`, so its answer is cached per base URL
    const key = `${versionKey(ref)} ${baseUrl}`;
    const revision = await cache.revisions.read(ref);
    return cache.versionResponses.through(key, revision, async () => {
      const record = await getVersion(deps, ref, baseUrl, { revision });
      return toResponse(JSON.stringify(versionRecordSchema.parse(record)));
    });
  });
}
