// Download counts while the store is away (docs/registry-api.md, "Download counts"): a flush that
// cannot reach the store fails and keeps its counts in memory; once the store is back, a flush
// writes them, each download once. The store runs as `pkg-admin db serve` in a process of its own,
// killed with SIGKILL and started again on the same port and directory, so the MongoDB workflow
// leaves this file out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { startStoreProcess, type StoreProcess } from '../helpers/store-process.js';

let storeDir: string;
let store: StoreProcess;
let app: TestServer;

beforeAll(async () => {
  storeDir = mkdtempSync(path.join(tmpdir(), 'pkg-count-outage-'));
  store = await startStoreProcess(storeDir);
  // Flushed only when the test asks (deps.registry.downloads.flush()).
  app = await startTestServer({
    mongodbUri: `${store.uri}pkg`,
    env: { PKG_DOWNLOADS_FLUSH_MS: '3600000' },
  });
  const { token } = await createUser(app.deps.registry, 'acme');
  const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version: '1.0.0' });
  expect((await publishArchive(app.url, token.token, pkg.bytes)).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

async function download(times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${app.url}/packages/acme/clock/1.0.0/download`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
}

const stored = async () =>
  (await app.deps.models.DownloadCount.find({ namespace: 'acme', name: 'clock' }).lean()).reduce(
    (n, r) => n + r.count,
    0,
  );

/** Flushes until a flush reaches the store again (the driver reconnects by itself), or 30 s pass. */
async function flushWhenBack(): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await app.deps.registry.downloads.flush();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await delay(100); // between two attempts, as the server's own timer would retry
    }
  }
}

test('a flush without the store keeps its counts; the next one after its return writes each once', async () => {
  await download(25);
  expect(await app.deps.registry.downloads.flush()).toBe(25);
  await download(40);
  await store.kill();
  await expect(app.deps.registry.downloads.flush()).rejects.toThrow();
  store = await startStoreProcess(storeDir, store.port);
  expect(await flushWhenBack()).toBe(40);
  expect(await stored()).toBe(65);
  await download(5);
  expect(await app.deps.registry.downloads.flush()).toBe(5);
  expect(await stored()).toBe(70);
}, 90_000);
