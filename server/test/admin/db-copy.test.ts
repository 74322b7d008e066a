// pkg-admin db copy (the built tool) from a store with published packages, users, tokens and
// namespaces (published-server.ts): the copy holds the same documents with the same BSON types
// and the same indexes, its artifacts hash to their recorded integrity, a server on it serves
// every package, the verification finds damaged artifacts, and a target that holds documents,
// the source itself or a bad URI is refused without being changed.
import { createHash, randomBytes } from 'node:crypto';
import { Binary, GridFSBucket, type Db, type ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyArtifacts } from '../../src/db/copy/verify-artifacts.js';
import { readStoreLock } from '../../src/db/embedded/index.js';
import { countsOf, snapshotDatabase } from '../helpers/database-snapshot.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import {
  PACKAGES,
  emptyStore as openEmptyStore,
  startPublishedServer,
  type Connected,
} from './published-server.js';
import type { SharedStore } from '../helpers/shared-store.js';
import { runAdmin, runJson } from './run-admin.js';

let source: TestServer;
let sourceDb: Db;
let tokens: Record<string, string>;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ({ source, sourceDb, tokens } = await startPublishedServer());
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await source?.close();
});

async function emptyStore(): Promise<SharedStore & Connected> {
  const store = await openEmptyStore();
  cleanup.push(() => store.close());
  return store;
}

async function sha256OfArtifacts(db: Db): Promise<Record<string, string>> {
  const bucket = new GridFSBucket(db, { bucketName: 'artifacts' });
  const found: Record<string, string> = {};
  const versions = db.collection<{ version: string; name: string; artifact: { fileId: ObjectId } }>(
    'versions',
  );
  for await (const v of versions.find({})) {
    const hash = createHash('sha256');
    for await (const chunk of bucket.openDownloadStream(v.artifact.fileId)) hash.update(chunk as Buffer);
    found[`${v.name}@${v.version}`] = `sha256-${hash.digest('hex')}`;
  }
  return found;
}

describe('pkg-admin db copy', () => {
  let target: SharedStore & Connected;

  test('copies every collection, index and artifact into an empty store and verifies them', async () => {
    target = await emptyStore();
    const run = await runAdmin(['db', 'copy', '--to', target.uri, '--json'], source.storeEnv);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as {
      collections: { name: string; copied: number; target: number; source: number; indexes: string[] }[];
      artifacts: { files: number; versions: number };
      changed: string[];
    };
    const expected = await snapshotDatabase(sourceDb);
    expect(await snapshotDatabase(target.db)).toEqual(expected);
    expect(countsOf(expected)).toMatchObject({
      versions: 6,
      users: 2,
      tokens: 3,
      namespaces: 3,
      extras: 3,
      'artifacts.files': 6,
    });
    expect(expected.extras?.indexes.map((i) => i.name)).toEqual(['_id_', 'key_partial']);
    expect(expected.counters?.indexes.find((i) => i.name === 'expiresAt_1')).toMatchObject({
      expireAfterSeconds: 0,
    });
    expect(countsOf(expected)['artifacts.chunks']).toBeGreaterThan(6);
    expect(summary.collections.map((c) => [c.name, c.copied, c.target, c.source])).toEqual(
      Object.entries(countsOf(expected)).map(([name, n]) => [name, n, n, n]),
    );
    expect(summary.artifacts).toMatchObject({ files: 6, versions: 6 });
    expect(summary.changed).toEqual([]);
    const integrity = await source.deps.models.Version.find({}).lean();
    expect(await sha256OfArtifacts(target.db)).toEqual(
      Object.fromEntries(integrity.map((v) => [`${v.name}@${v.version}`, v.integrity])),
    );
  });

  test('a target that holds documents is refused and left as it was', async () => {
    const before = await snapshotDatabase(target.db);
    const run = await runAdmin(['db', 'copy', '--to', target.uri], source.storeEnv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not empty: it holds');
    expect(run.stderr).toContain('versions (6 documents)');
    expect(run.stderr).toContain('pass --replace');
    expect(await snapshotDatabase(target.db)).toEqual(before);

    const other = await emptyStore();
    await other.db.collection('notes').insertOne({ note: 'keep me' });
    const refused = await runAdmin(['db', 'copy', '--to', other.uri], source.storeEnv);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('it holds notes (1 document)');
    const names = (await other.db.listCollections().toArray()).map((c) => c.name);
    expect(names).toEqual(['notes']);

    const replaced = await runJson<{ replaced: string[] }>(
      ['db', 'copy', '--to', other.uri, '--replace'],
      source.storeEnv,
    );
    expect(replaced.replaced).toEqual(['notes']);
    expect(await snapshotDatabase(other.db)).toEqual(await snapshotDatabase(sourceDb));
  });

  test('a server on the copy serves every package with its recorded integrity, and the tokens work', async () => {
    const second = await startTestServer({ mongodbUri: target.uri });
    try {
      for (const [namespace, name, version] of PACKAGES) {
        const res = await fetch(`${second.url}/packages/${namespace}/${name}/${version}/download`);
        expect(res.status).toBe(200);
        const bytes = Buffer.from(await res.arrayBuffer());
        const record = await source.deps.models.Version.findOne({ namespace, name, version }).lean();
        expect(`sha256-${createHash('sha256').update(bytes).digest('hex')}`).toBe(record?.integrity);
      }
      const whoami = await fetch(`${second.url}/auth/whoami`, {
        headers: { authorization: `Bearer ${tokens.bob}` },
      });
      expect(whoami.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  test('the verification finds an artifact whose bytes changed and a version whose artifact is gone', async () => {
    const copy = await emptyStore();
    expect((await runAdmin(['db', 'copy', '--to', copy.uri], source.storeEnv)).code).toBe(0);
    expect((await verifyArtifacts(copy.db)).problems).toEqual([]);
    const versions = copy.db.collection<{ name: string; version: string; artifact: { fileId: ObjectId } }>(
      'versions',
    );
    const big = await versions.findOne({ name: 'big' });
    const gone = await versions.findOne({ name: 'notes', version: '0.1.0' });
    const chunks = copy.db.collection<{ data: Binary }>('artifacts.chunks');
    const second = await chunks.findOne({ files_id: big?.artifact.fileId, n: 1 });
    const length = second?.data.length() ?? 0;
    await chunks.updateOne({ _id: second?._id }, { $set: { data: new Binary(randomBytes(length)) } });
    await copy.db.collection('artifacts.files').deleteOne({ _id: gone?.artifact.fileId });
    const problems = (await verifyArtifacts(copy.db)).problems.sort();
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^@alice\/big@1\.0\.0: artifact \w+ holds sha256-\w+, the version records/);
    expect(problems[1]).toMatch(
      /^@bob\/notes@0\.1\.0: its artifact \w+ is missing or unreadable on the target$/,
    );
    expect(problems[2]).toMatch(new RegExp(`^artifact ${big?.artifact.fileId.toHexString()}: holds sha256-`));
  });

  test('the source itself and bad URIs are refused, and credentials are never printed', async () => {
    const self =
      source.storeEnv.MONGODB_URI ?? `${(await readStoreLock(source.storeEnv.PKG_DATA_DIR ?? '')) ?? ''}pkg`;
    const same = await runAdmin(['db', 'copy', '--to', self, '--replace'], source.storeEnv);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('is the source database');
    expect(countsOf(await snapshotDatabase(sourceDb))).toMatchObject({ versions: 6 });

    const cases = [
      ['postgres://ops:s3cret@db.example.net/pkg', 'must start with mongodb:// or mongodb+srv://'],
      ['mongodb://ops:s3cret@127.0.0.1:1/bad.name', '"bad.name" is not a MongoDB database name'],
      ['mongodb://ops:s3cret@', 'Protocol and host list are required'],
    ];
    for (const [uri, message] of cases) {
      const run = await runAdmin(['db', 'copy', '--to', uri ?? '', '--json'], source.storeEnv);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stdout + run.stderr).not.toContain('s3cret');
    }
  });
});
