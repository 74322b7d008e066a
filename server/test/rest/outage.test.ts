// A database outage (docs/registry-api.md, Errors): while the store is down, package routes
// answer 503 STORAGE_UNAVAILABLE with Retry-After and /health stays 200. The store is an embedded
// one the test stops under the app, so the MongoDB workflow leaves this file out. The process
// test (test/process/store-outage.test.ts) kills a store under a server process and starts it
// again.
import { once } from 'node:events';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { packageResponse, versionResponse } from '../../src/cache/package-responses.js';
import { mapStorageFailure } from '../../src/db/availability.js';
import type { VersionDoc } from '../../src/db/models/version.js';
import { storeArtifact } from '../../src/services/registry/version-writes.js';
import { buildPackage, publishAsNewOwner } from '../helpers/packages.js';
import { startStoppableStore, type SharedStore } from '../helpers/shared-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const TOOL = { namespace: 'acme', name: 'tool', version: '1.0.0' };

describe('database outage', () => {
  let store: SharedStore;
  let server: TestServer;
  let stored: VersionDoc;
  beforeAll(async () => {
    store = await startStoppableStore();
    // no copies of artifacts on disk: every read of the bytes goes to GridFS
    server = await startTestServer({ mongodbUri: store.uri, env: { PKG_ARTIFACT_CACHE_MB: '0' } });
    await publishAsNewOwner(server, TOOL);
    const doc = await server.deps.models.Version.findOne(TOOL).lean<VersionDoc>();
    if (!doc) throw new Error('the version was not stored');
    stored = doc;
  });
  afterAll(() => server.close());

  test('package routes answer 503 STORAGE_UNAVAILABLE with Retry-After while /health stays 200', async () => {
    expect((await fetch(`${server.url}/packages/search`)).status).toBe(200);
    await store.stop();
    for (const p of [
      '/packages/search',
      '/packages/acme/tool',
      '/packages/acme/tool/1.0.0/download',
      '/namespaces/acme',
    ]) {
      const res = await fetch(`${server.url}${p}`);
      expect([p, res.status]).toEqual([p, 503]);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('STORAGE_UNAVAILABLE');
    }
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', apiVersion: 2 });
  });

  // The hot-read path (rest/hot-reads.ts) runs outside Express: a refusal thrown there instead of
  // rejected would end the process. It is refused at once once the connection is known to be down.
  test('with the connection known to be down, the hot reads are rejected promises and answer 503', async () => {
    await store.stop();
    const db = server.deps.db;
    if (db.readyState === mongoose.ConnectionStates.connected) await once(db, 'disconnected');
    const ref = { namespace: 'a', name: 'b' };
    let pending: Promise<unknown> | undefined;
    expect(() => (pending = packageResponse(server.deps.registry, ref))).not.toThrow();
    await expect(pending).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    expect(
      () => (pending = versionResponse(server.deps.registry, { ...ref, version: '1.0.0' }, server.url)),
    ).not.toThrow();
    await expect(pending).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });

    for (const p of ['/packages/a/b', '/packages/a/b/1.0.0']) {
      const res = await fetch(`${server.url}${p}`);
      expect([p, res.status]).toEqual([p, 503]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('STORAGE_UNAVAILABLE');
    }
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  // Bytes: a download is refused before anything is answered (not a 200 cut short), and a
  // publish that finds GridFS gone is the same 503 as every other request, not a 502.
  test('the artifact store refuses to open or store bytes with STORAGE_UNAVAILABLE', async () => {
    await store.stop();
    // a stream when it opens (the test fails on it), else the error as the REST handler maps it
    const refusal = await server.deps.artifacts.open(stored.artifact.fileId).then(
      (stream) => stream.destroy(),
      (error: unknown) => mapStorageFailure(error),
    );
    expect(refusal).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    const pack = await buildPackage({ ...TOOL, version: '1.0.1' });
    const file = {
      filename: 'acme-tool-1.0.1.tar.gz',
      integrity: pack.integrity,
      mediaType: 'application/gzip',
      format: 'tar.gz' as const,
    };
    await expect(storeArtifact(server.deps.registry, pack.bytes, file, 'artifact')).rejects.toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
    });
  });
});
