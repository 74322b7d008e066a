// A database outage (1-registry.md, Limits): while the store is down, package routes answer
// 503 STORAGE_UNAVAILABLE with Retry-After and /health stays 200. The store is an embedded one
// the test stops under the app, so the MongoDB workflow leaves this file out.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStoppableStore, type SharedStore } from '../helpers/shared-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

describe('database outage', () => {
  let store: SharedStore;
  let server: TestServer;
  beforeAll(async () => {
    store = await startStoppableStore();
    server = await startTestServer({ mongodbUri: store.uri });
  });
  afterAll(() => server.close());

  test('package routes answer 503 STORAGE_UNAVAILABLE with Retry-After while /health stays 200', async () => {
    expect((await fetch(`${server.url}/packages/search`)).status).toBe(200);
    await store.stop();
    for (const p of ['/packages/search', '/packages/a/b', '/packages/a/b/1.0.0/download', '/namespaces/a']) {
      const res = await fetch(`${server.url}${p}`);
      expect([p, res.status]).toEqual([p, 503]);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('STORAGE_UNAVAILABLE');
    }
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', apiVersion: 2 });
  });
});
