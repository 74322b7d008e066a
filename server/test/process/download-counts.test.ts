// Download counts across BUILT server processes on one store (docs/registry-api.md, "Download
// counts"): 1,000 downloads through two processes add up to exactly 1,000; a graceful stop
// (SIGTERM) writes what was counted since the last flush, so it loses none; after kill -9 the
// loss is at most the downloads counted since the last flush that landed. Flushes are waited for
// by reading download_counts until they show, never by sleeping a flush interval.
import { setTimeout as delay } from 'node:timers/promises';
import type { PackageDownloads } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startSharedStore, type SharedStore } from '../helpers/shared-store.js';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let store: SharedStore;
/** In-process app on the same store: publishes, reads the collection, answers packages.downloads. */
let app: TestServer;
const spawned: SpawnedServer[] = [];

beforeAll(async () => {
  store = await startSharedStore();
  app = await startTestServer({ mongodbUri: store.uri });
  const { token } = await createUser(app.deps.registry, 'load');
  for (const version of ['1.0.0', '1.0.1', '1.0.2']) {
    const pkg = await buildPackage({ namespace: 'load', name: 'counted', version });
    expect((await publishArchive(app.url, token.token, pkg.bytes)).status).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(spawned.map((s) => s.stop('SIGKILL')));
  await app?.close();
  await store?.stop();
});

/** A server process on the store (its data directory holds the registry's signing key). */
async function serverProcess(flushMs: number): Promise<SpawnedServer> {
  const server = await spawnServer({
    ...app.storeEnv,
    PKG_RATE_LIMIT_PUBLIC: '0',
    PKG_DOWNLOADS_FLUSH_MS: String(flushMs),
  });
  spawned.push(server);
  return server;
}

/** `count` downloads of the version, spread over the servers in turn, 20 at a time. */
async function downloadMany(servers: SpawnedServer[], version: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const server = servers[i % servers.length];
      const res = await fetch(`${server?.url}/packages/load/counted/${version}/download`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

/** The version's downloads stored in download_counts, all days together. */
async function stored(version: string): Promise<number> {
  const rows = await app.deps.models.DownloadCount.find({
    namespace: 'load',
    name: 'counted',
    version,
  }).lean();
  return rows.reduce((n, r) => n + r.count, 0);
}

/** Reads the collection until `pred` holds of the version's stored downloads (or 30 s pass). */
async function storedWhen(version: string, pred: (n: number) => boolean): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const n = await stored(version);
    if (pred(n) || Date.now() > deadline) return n;
    await delay(25); // the interval between two reads of the collection
  }
}

async function answer(): Promise<PackageDownloads> {
  const res = await fetch(`${app.url}/packages/load/counted/downloads?period=last-week`);
  expect(res.status).toBe(200);
  return (await res.json()) as PackageDownloads;
}

describe('two server processes on one store', () => {
  test('1,000 downloads through two processes add up to exactly 1,000 in packages.downloads', async () => {
    const servers = [await serverProcess(500), await serverProcess(500)];
    await downloadMany(servers, '1.0.0', 1000);
    expect(await storedWhen('1.0.0', (n) => n >= 1000)).toBe(1000);
    const body = await answer();
    expect(body.total).toBe(1000);
    expect(body.versions).toEqual([{ version: '1.0.0', downloads: 1000 }]);
    expect(body.days.reduce((n, d) => n + d.downloads, 0)).toBe(1000);
    // Both stop cleanly, writing nothing twice.
    expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0]);
    expect((await answer()).total).toBe(1000);
  }, 120_000);

  test('a graceful stop (SIGTERM) loses none: what was counted since the last flush is written at exit', async () => {
    const server = await serverProcess(3_600_000); // no flush but the one at exit
    await downloadMany([server], '1.0.1', 300);
    expect(await stored('1.0.1')).toBe(0); // counted in memory only
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await stored('1.0.1')).toBe(300);
    expect((await answer()).versions).toContainEqual({ version: '1.0.1', downloads: 300 });
  }, 120_000);

  test('after kill -9 the loss is at most what was counted since the last flush', async () => {
    const server = await serverProcess(1_000);
    await downloadMany([server], '1.0.2', 200);
    expect(await storedWhen('1.0.2', (n) => n >= 200)).toBe(200); // a flush landed
    await downloadMany([server], '1.0.2', 150); // counted since that flush
    await server.stop('SIGKILL');
    expect(server.child.signalCode).toBe('SIGKILL');
    const kept = await stored('1.0.2');
    expect(kept).toBeGreaterThanOrEqual(200);
    expect(kept).toBeLessThanOrEqual(350);
    expect(350 - kept).toBeLessThanOrEqual(150);
  }, 120_000);
});
