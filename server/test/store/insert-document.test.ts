// insertDocument (src/db/insert-document.ts) stores what a model's `create` stores: the same
// fields, defaults and types for the version record and the log entry, and it refuses what the
// schema refuses, storing nothing; through the driver, and in process into an embedded store
// (db/store-commands.ts).
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../src/db/insert-document.js';
import { JOURNALED_LATER } from '../../src/db/journaled-later.js';
import { createModels, type Models } from '../../src/db/models/index.js';
import { openTestStore, storeCommandPaths, uniqueDbName, type TestStore } from './store-uri.js';

let store: TestStore;
let conn: Connection;
let models: Models;
let dbName: string;

function database() {
  if (!conn.db) throw new Error('the connection is not open');
  return conn.db;
}

beforeAll(async () => {
  store = await openTestStore();
  dbName = uniqueDbName('insert_document');
  conn = await mongoose.createConnection(store.uri, { dbName }).asPromise();
  models = createModels(conn);
  await Promise.all([models.Version.createIndexes(), models.LogEntry.createIndexes()]);
});

afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
  await store.close();
});

const versionFields = (version: string) => ({
  namespace: 'acme',
  name: 'tool',
  version,
  manifest: { name: 'tool', version, tools: [{ name: 'a', inputSchema: { type: 'object' } }], empty: {} },
  manifestSha256: 'c'.repeat(64),
  integrity: 'sha256-abc',
  size: 853,
  publishedAt: new Date('2026-01-02T03:04:05Z'),
  publishedBy: 'alice',
  artifact: {
    fileId: new mongoose.Types.ObjectId(),
    filename: `acme-tool-${version}.tar.gz`,
    backend: 'gridfs',
    format: 'tar.gz' as const,
    mediaType: 'application/gzip',
  },
  provenance: { recorded: true, via: 'token', client: undefined },
  signatures: [{ keyid: 'k1', sig: 'c2ln' }],
  logIndex: 7,
  searchTerms: { properties: ['a'], skill: [] },
});

const logFields = (index: number) => ({
  index,
  kind: 'publish' as const,
  body: `entry ${index}`,
  leafHash: 'aGFzaA==',
  key: `publish acme/tool@1.0.${index}`,
  integratedAt: new Date('2026-01-02T03:04:05Z'),
  hashes: ['aGFzaA=='],
  checkpoint: {
    rootHash: 'cm9vdA==',
    note: 'note',
    keyid: 'k1',
    createdAt: new Date('2026-01-02T03:04:05Z'),
  },
});

/** The stored document as the store holds it, without its _id and the fields that differ by design. */
async function stored(collection: string, filter: Record<string, unknown>, differ: string[]) {
  const doc = await database().collection(collection).findOne(filter);
  if (!doc) throw new Error(`nothing stored in ${collection}`);
  const { _id, ...rest } = doc;
  expect(_id).toBeInstanceOf(mongoose.mongo.ObjectId);
  for (const key of differ) delete rest[key];
  return rest;
}

/** The paths to test: the driver's, and the in-process one where the store runs in this process. */
const paths = storeCommandPaths(() => ({ conn, store, dbName }));

describe.each(paths)('insertDocument %s', (label, commandsOf) => {
  const v = (n: string) => `${n}-${label.replace(/ /g, '-')}`;
  it('stores a version record as Version.create does', async () => {
    const viaCreate = versionFields(v('1.0.0'));
    const viaInsert = { ...versionFields(v('1.0.1')), artifact: viaCreate.artifact };
    await models.Version.create([viaCreate], JOURNALED_LATER as mongoose.CreateOptions);
    await insertDocument(commandsOf(), models.Version, viaInsert, { journaledLater: true });
    const differ = ['version', 'manifest', 'artifact'];
    const a = await stored('versions', { version: v('1.0.0') }, differ);
    const b = await stored('versions', { version: v('1.0.1') }, differ);
    expect(b).toEqual(a);
    expect(a).toMatchObject({ yanked: null, deprecated: null, logIndex: 7 });
    const [x, y] = await Promise.all(
      [v('1.0.0'), v('1.0.1')].map((version) => database().collection('versions').findOne({ version })),
    );
    expect(y?.artifact).toEqual(x?.artifact);
    expect(y?.manifest).toEqual({ ...x?.manifest, version: v('1.0.1') });
  });

  it('stores a log entry as LogEntry.create does', async () => {
    const base = label === 'in process' ? 10 : 0;
    await models.LogEntry.create([logFields(base)]);
    await insertDocument(commandsOf(), models.LogEntry, logFields(base + 1));
    const differ = ['index', 'body', 'key'];
    expect(await stored('log_entries', { index: base + 1 }, differ)).toEqual(
      await stored('log_entries', { index: base }, differ),
    );
  });

  it('refuses what the schema refuses and stores nothing', async () => {
    const { publishedBy: _, ...missing } = versionFields(v('2.0.0'));
    await expect(insertDocument(commandsOf(), models.Version, missing)).rejects.toThrow(
      /publishedBy.*required/,
    );
    const badFormat = {
      ...versionFields(v('2.0.1')),
      artifact: { ...versionFields('x').artifact, format: 'zip' },
    };
    await expect(insertDocument(commandsOf(), models.Version, badFormat as never)).rejects.toThrow(/format/);
    expect(await models.Version.countDocuments({ version: /^2\./ })).toBe(0);
  });

  it('passes the unique index refusal on as create does', async () => {
    await insertDocument(commandsOf(), models.Version, versionFields(v('3.0.0')));
    await expect(
      insertDocument(commandsOf(), models.Version, versionFields(v('3.0.0'))),
    ).rejects.toMatchObject({ code: 11000, keyPattern: { namespace: 1, name: 1, version: 1 } });
  });
});
