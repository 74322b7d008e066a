// The built pkg-admin while the built server runs on the same data directory: the command
// connects to the store the server holds (named by its lock file), and what it does takes
// effect on the live server at once. Migrations backfill documents written before they existed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readStoreLock } from '../../src/db/embedded/index.js';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.js';
import { packSample, publishArchive, sampleManifest } from '../legacy/sample-package.js';
import { lastLine, runAdmin, runJson } from './run-admin.js';

let server: SpawnedServer;
let env: Record<string, string>;

beforeAll(async () => {
  env = { PKG_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pkg-admin-live-')) };
  server = await spawnServer(env);
});
afterAll(async () => {
  await server?.stop();
  rmSync(env.PKG_DATA_DIR ?? '', { recursive: true, force: true });
});

async function whoami(token: string): Promise<number> {
  const res = await fetch(`${server.url}/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

async function withStore<T>(fn: (client: MongoClient) => Promise<T>): Promise<T> {
  const uri = await readStoreLock(env.PKG_DATA_DIR ?? '');
  if (!uri) throw new Error('the server holds no store');
  const client = await MongoClient.connect(uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

describe('pkg-admin with the server running', () => {
  let manage = '';

  test('status reports the store the server holds', async () => {
    const status = await runJson<{ running: string }>(['status'], env);
    expect(status).toMatchObject({ store: 'embedded', running: 'server', dataDir: env.PKG_DATA_DIR });
  });

  test('a user created while the server runs can use its token at once', async () => {
    const run = await runAdmin(['user', 'create', 'bob'], env);
    expect(run.code).toBe(0);
    manage = lastLine(run.stdout);
    expect(await whoami(manage)).toBe(200);
    const pack = await packSample({ namespace: 'bobs', name: 'tool' });
    expect((await publishArchive(server.url, manage, pack.bytes)).status).toBe(201);
  });

  test('a rotated token stops working and its replacement works', async () => {
    const { tokens } = await runJson<{ tokens: { id: string }[] }>(['token', 'list', 'bob'], env);
    const rotated = await runAdmin(['token', 'rotate', tokens[0]?.id ?? ''], env);
    expect(rotated.code).toBe(0);
    const replacement = lastLine(rotated.stdout);
    expect(await whoami(manage)).toBe(401);
    expect(await whoami(replacement)).toBe(200);
    manage = replacement;
  });

  test('a revoked token stops working', async () => {
    const issued = await runJson<{ id: string; token: string }>(
      ['token', 'issue', 'bob', '--kind', 'publish'],
      env,
    );
    expect(await whoami(issued.token)).toBe(200);
    expect((await runAdmin(['token', 'revoke', issued.id], env)).code).toBe(0);
    expect(await whoami(issued.token)).toBe(401);
  });

  test('a reserved namespace refuses publishes with 403 NAMESPACE_RESERVED, even for its owner', async () => {
    expect((await runAdmin(['namespace', 'reserve', 'bobs'], env)).stdout).toBe(
      'namespace bobs is now reserved (owner bob keeps its packages)\n',
    );
    expect((await runAdmin(['namespace', 'reserve', 'vendor'], env)).code).toBe(0);
    for (const namespace of ['bobs', 'vendor']) {
      const pack = await packSample({ namespace, name: 'tool', version: '2.0.0' });
      const res = await publishArchive(server.url, manage, pack.bytes);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NAMESPACE_RESERVED');
    }
    const ns = (await (await fetch(`${server.url}/namespaces/vendor`)).json()) as Record<string, unknown>;
    expect(ns).toEqual({ namespace: 'vendor', owner: null, maintainers: [], reserved: true, packages: [] });
  });

  test('migrate backfills searchText and provenance written before they existed, once', async () => {
    const manifest = sampleManifest({
      namespace: 'old',
      name: 'relic',
      version: '0.1.0',
      description: 'An Old Relic',
    });
    const publishedAt = new Date('2020-01-02T03:04:05.678Z');
    await withStore(async (client) => {
      const db = client.db('pkg');
      await db.collection('packages').insertOne({
        id: '@old/relic',
        namespace: 'old',
        name: 'relic',
        description: 'An Old Relic',
        latest: '0.1.0',
        createdAt: publishedAt,
        updatedAt: publishedAt,
      });
      await db.collection('versions').insertOne({
        namespace: 'old',
        name: 'relic',
        version: '0.1.0',
        manifest,
        integrity: `sha256-${'ab'.repeat(32)}`,
        size: 1234,
        publishedAt,
        publishedBy: 'dave',
        artifact: {
          fileId: new ObjectId(),
          filename: 'old-relic-0.1.0.tar.gz',
          backend: 'gridfs',
          format: 'tar.gz',
          mediaType: 'application/gzip',
        },
      });
    });
    const search = async () =>
      (
        (await (await fetch(`${server.url}/packages/search?q=relic`)).json()) as {
          results: { name: string }[];
        }
      ).results;
    // Without search fields it is found by its name and description only (docs/browsing.md).
    expect((await search()).map((r) => r.name)).toEqual(['@old/relic']);

    const first = await runAdmin(['migrate'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('applied 0001-package-search-text: 1 package(s) given a searchText');
    expect(first.stdout).toContain(
      'applied 0002-version-provenance: 1 version(s) given a derived provenance record',
    );
    // Its artifact is not stored: no words of SKILL.md or the schemas, the manifest's still.
    expect(first.stdout).toContain(
      'applied 0004-package-search-fields: 0 version(s) given search words, 1 unreadable (left without), 1 package(s) given search fields',
    );
    expect(await search()).toMatchObject([
      { name: '@old/relic', description: 'An Old Relic', latest: '0.1.0', yanked: false, deprecated: null },
    ]);
    const answer = (await (
      await fetch(`${server.url}/packages/old/relic/0.1.0/provenance`)
    ).json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      provenance: {
        schemaVersion: 1,
        recorded: false,
        registryApiVersion: 2,
        package: '@old/relic',
        version: '0.1.0',
        namespace: 'old',
        publisher: { user: 'dave', via: 'legacy' },
        publishedAt: '2020-01-02T03:04:05.678Z',
        artifact: {
          integrity: `sha256-${'ab'.repeat(32)}`,
          size: 1234,
          format: 'tar.gz',
          filename: 'old-relic-0.1.0.tar.gz',
        },
        manifestSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });

    const second = await runJson<{ applied: unknown[]; alreadyApplied: string[] }>(['migrate'], env);
    expect(second).toEqual({
      indexes: 'synced',
      applied: [],
      alreadyApplied: [
        '0001-package-search-text',
        '0002-version-provenance',
        '0003-log-kept-with-entries',
        '0004-package-search-fields',
      ],
    });

    // Signed and logged like the server does at its next start (docs/trust.md, "What is signed").
    const unsigned = (await (await fetch(`${server.url}/packages/old/relic/0.1.0`)).json()) as {
      signatures: unknown[];
      log: unknown;
    };
    expect(unsigned).toMatchObject({ signatures: [], log: null });
    const backfill = await runAdmin(['trust', 'backfill'], env);
    expect(backfill.stdout).toBe('signed 1 version(s), logged 1\n');
    expect(await runJson(['trust', 'backfill'], env)).toEqual({ signed: 0, logged: 0 });
    const signed = (await (await fetch(`${server.url}/packages/old/relic/0.1.0`)).json()) as {
      signatures: { keyid: string }[];
      log: { index: number } | null;
    };
    expect(signed.signatures[0]?.keyid).toMatch(/^SHA256:/);
    expect(signed.log).toEqual({ index: expect.any(Number) });
    expect((await runAdmin(['log', 'verify'], env)).code).toBe(0);
  });

  test('after the server stops, pkg-admin opens the same data itself', async () => {
    expect(await server.stop()).toBe(0);
    const { users } = await runJson<{ users: { name: string; activeTokens: number }[] }>(
      ['user', 'list'],
      env,
    );
    expect(users).toEqual([{ name: 'bob', createdAt: expect.any(String), activeTokens: 1 }]);
    const status = await runJson<{ running: string }>(['status'], env);
    expect(status.running).toBe('this command');
  });
});
