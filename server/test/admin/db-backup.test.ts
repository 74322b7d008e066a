// pkg-admin db backup and restore (the built tool) on a running store with published packages
// (published-server.ts): the backup is a data directory holding the same documents and indexes,
// which the server serves as it is; a restore into an empty store gives the same database back;
// a directory that holds files, a store that holds documents and a directory that is no backup
// are refused.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmbeddedStore } from '../../src/db/embedded/index.js';
import { snapshotDatabase } from '../helpers/database-snapshot.js';
import { freshDatabase } from '../helpers/fresh-database.js';
import { spawnServer } from '../helpers/spawn-server.js';
import type { TestServer } from '../helpers/start-test-server.js';
import { connect, startPublishedServer } from './published-server.js';
import { runAdmin } from './run-admin.js';

let source: TestServer;
let sourceDb: Db;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ({ source, sourceDb } = await startPublishedServer());
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await source?.close();
});

describe('pkg-admin db backup and restore', () => {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  let backup: string;

  test('backs up the running store into a new directory and refuses one that holds files', async () => {
    backup = path.join(tempDir('pkg-backup-'), 'backup');
    const run = await runAdmin(['db', 'backup', backup], source.storeEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/verified: document counts and indexes of \d+ collections; 6 artifacts/);
    expect(readdirSync(backup)).toContain('snapshot.bson');
    const store = await startEmbeddedStore({ dir: backup });
    const copy = await connect(`${store.uri}pkg`);
    try {
      expect(await snapshotDatabase(copy.db)).toEqual(await snapshotDatabase(sourceDb));
    } finally {
      await copy.close();
      await store.close();
    }
    const again = await runAdmin(['db', 'backup', backup], source.storeEnv);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already holds files');
  });

  test('restores the backup into an empty store, and refuses a store that holds documents', async () => {
    const external = process.env.MONGODB_URI ? freshDatabase(process.env.MONGODB_URI) : undefined;
    if (external) cleanup.push(() => external.drop());
    const dataDir = tempDir('pkg-restored-');
    const env = { PKG_DATA_DIR: dataDir, ...(external ? { MONGODB_URI: external.uri } : {}) };
    const run = await runAdmin(['db', 'restore', backup], env);
    expect(run.code, run.stderr).toBe(0);
    const restored = external
      ? { ...(await connect(external.uri)), stop: () => Promise.resolve() }
      : await (async () => {
          const store = await startEmbeddedStore({ dir: dataDir });
          return { ...(await connect(`${store.uri}pkg`)), stop: () => store.close() };
        })();
    try {
      expect(await snapshotDatabase(restored.db)).toEqual(await snapshotDatabase(sourceDb));
    } finally {
      await restored.close();
      await restored.stop();
    }
    const again = await runAdmin(['db', 'restore', backup], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is not empty');
    const notABackup = await runAdmin(['db', 'restore', tempDir('pkg-not-a-backup-')], env);
    expect(notABackup.code).toBe(2);
    expect(notABackup.stderr).toContain('holds no backup');
  });

  test('a backup directory is a data directory the server serves as it is', async () => {
    const server = await spawnServer({ PKG_DATA_DIR: backup });
    try {
      const res = await fetch(`${server.url}/packages/alice/big/1.0.0/download`);
      expect(res.status).toBe(200);
      const record = await source.deps.models.Version.findOne({ name: 'big' }).lean();
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(`sha256-${createHash('sha256').update(bytes).digest('hex')}`).toBe(record?.integrity);
    } finally {
      await server.stop();
    }
  });
});
