// Readiness apart from liveness (docs/operator.md, "Readiness and liveness"), on the built server
// (dist/main.js):
//   - started with MONGODB_URI at a port where nothing listens yet, it listens anyway: /health is
//     200, /ready 503 `starting` with its reason, a package read 503 STORAGE_UNAVAILABLE. The
//     store (`pkg-admin db serve`) is then started on that port: /ready becomes 200 without a
//     restart, and publishes, reads and downloads work;
//   - /ready is 200 while the server runs, and 503 `stopping` from SIGTERM on while a slow publish
//     is still in flight; that publish is then answered 201 and the process exits 0.
//   - while the store stays down, each failed connection attempt is logged once, with the wait
//     before the next (0.5 s, doubling) and the URI with its password redacted.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lastLine, runAdmin } from '../admin/run-admin.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.js';
import { startStoreProcess, type StoreProcess } from '../helpers/store-process.js';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A port nobody listens on now: taken from the system, then released. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function readiness(url: string) {
  const res = await fetch(`${url}/ready`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; reason?: string; store: string },
  };
}

/** Polls `check` until it returns a value (not undefined). */
async function until<T>(check: () => Promise<T | undefined>, what: string, deadlineMs = 60_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await delay(20);
  }
}

describe('a server started while its store is down', () => {
  let port: number;
  let server: SpawnedServer;
  let store: StoreProcess | undefined;

  beforeAll(async () => {
    port = await freePort();
    server = await spawnServer({
      MONGODB_URI: `mongodb://127.0.0.1:${port}/pkg`,
      PKG_DATA_DIR: tempDir('pkg-ready-server-'),
      MONGODB_SERVER_SELECTION_TIMEOUT_MS: '500',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await store?.stop();
  });

  test('listens, answers 503 until the store starts, then becomes ready without a restart', async () => {
    const before = await readiness(server.url);
    expect(before).toEqual({
      status: 503,
      body: { status: 'starting', reason: 'the store is not reachable yet', store: 'disconnected' },
    });
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', apiVersion: 2 });
    const read = await fetch(`${server.url}/packages/acme/tool`);
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('5');
    expect(((await read.json()) as { error: { code: string } }).error.code).toBe('STORAGE_UNAVAILABLE');
    // A failed attempt is logged (once per backoff step), naming the URI.
    const attempt = await server.waitForLine((line) => typeof line.attempt === 'number' && !!line.retryInMs);
    expect(attempt).toMatchObject({ uri: `mongodb://127.0.0.1:${port}/pkg`, attempt: 1, retryInMs: 500 });

    store = await startStoreProcess(tempDir('pkg-ready-store-'), port);
    const ready = await until(async () => {
      const now = await readiness(server.url);
      return now.status === 200 ? now : undefined;
    }, '/ready to answer 200');
    expect(ready.body).toEqual({ status: 'ready', store: 'connected' });

    const created = await runAdmin(['user', 'create', 'acme'], { MONGODB_URI: `${store.uri}pkg` });
    expect(created.code).toBe(0);
    const pack = await buildPackage({ namespace: 'acme', name: 'tool', version: '1.0.0' });
    const published = await publishArchive(server.url, lastLine(created.stdout), pack.bytes);
    expect(published.status).toBe(201);
    const doc = await fetch(`${server.url}/packages/acme/tool`);
    expect(doc.status).toBe(200);
    expect(await doc.json()).toMatchObject({ latest: '1.0.0' });
    const download = await fetch(`${server.url}/packages/acme/tool/1.0.0/download`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(`sha256-${createHash('sha256').update(bytes).digest('hex')}`).toBe(pack.integrity);
  });
});

describe('a server whose store stays down', () => {
  test('logs each failed attempt once, with a doubling wait and without the password', async () => {
    const port = await freePort();
    const server = await spawnServer({
      MONGODB_URI: `mongodb://registry:s3cret-pw@127.0.0.1:${port}/pkg`,
      PKG_DATA_DIR: tempDir('pkg-ready-down-'),
      MONGODB_SERVER_SELECTION_TIMEOUT_MS: '200',
    });
    try {
      await server.waitForLine((line) => line.attempt === 3);
      const attempts = server.lines.filter((line) => typeof line.attempt === 'number');
      expect(attempts.slice(0, 3)).toMatchObject([
        { attempt: 1, retryInMs: 500, uri: `mongodb://registry:***@127.0.0.1:${port}/pkg` },
        { attempt: 2, retryInMs: 1000 },
        { attempt: 3, retryInMs: 2000 },
      ]);
      expect(JSON.stringify(server.lines)).not.toContain('s3cret-pw');
      expect((await readiness(server.url)).status).toBe(503);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      // A shutdown while still waiting for the store stops the retries and exits cleanly.
      expect(await server.stop()).toBe(0);
    } finally {
      await server.stop();
    }
  });
});

describe('a server shutting down', () => {
  test('answers /ready 503 from SIGTERM on while a slow publish drains, then exits 0', async () => {
    const dataDir = tempDir('pkg-ready-stop-');
    const server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_SHUTDOWN_DELAY_MS: '15000' });
    try {
      expect(await readiness(server.url)).toEqual({
        status: 200,
        body: { status: 'ready', store: 'connected' },
      });
      const created = await runAdmin(['user', 'create', 'acme'], { PKG_DATA_DIR: dataDir });
      expect(created.code).toBe(0);
      const pack = await buildPackage({ namespace: 'acme', name: 'slow', version: '1.0.0' });
      // The publish sends half its body, and the rest only once /ready said 503.
      const { hostname, port } = new URL(server.url);
      const req = http.request({
        host: hostname,
        port,
        path: '/publish',
        method: 'POST',
        headers: {
          'content-type': 'application/gzip',
          'content-length': pack.bytes.length,
          authorization: `Bearer ${lastLine(created.stdout)}`,
        },
      });
      const answered = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
      });
      const half = Math.floor(pack.bytes.length / 2);
      req.write(pack.bytes.subarray(0, half));

      server.child.kill('SIGTERM');
      const stopping = await until(async () => {
        const now = await readiness(server.url);
        return now.status === 503 ? now : undefined;
      }, '/ready to answer 503');
      expect(stopping.body).toEqual({
        status: 'stopping',
        reason: 'shutting down: finishing the requests in flight',
        store: 'connected',
      });
      expect((await fetch(`${server.url}/health`)).status).toBe(200);

      req.end(pack.bytes.subarray(half));
      expect(await answered).toBe(201);
      const exit = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      expect(exit).toBe(0);
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
