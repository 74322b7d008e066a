// The publish's documents built without mongoose (docs/performance.md, "Publish, fourth pass") are
// what mongoose builds, byte for byte as BSON: the version record and the log entry against
// `new Model(fields).toBSON()` (src/db/models/version-document.ts, log-entry-document.ts), the
// package summary's update against the update mongoose sends (package-summary-update.ts), and the
// summary it stores, on the driver's path and in process, against the one Package.updateOne stores.
// A value the schema would cast or refuse is left to mongoose: the builders give nothing for it.
import mongoose, { type Connection } from 'mongoose';
import type { CommandStartedEvent, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModels, type Models } from '../../src/db/models/index.js';
import { logEntryDocument } from '../../src/db/models/log-entry-document.js';
import {
  packageSummaryUpdate,
  updatePackageSummary,
  type SummaryUpdate,
} from '../../src/db/models/package-summary-update.js';
import { versionDocument } from '../../src/db/models/version-document.js';
import { openTestStore, storeCommandPaths, uniqueDbName, type TestStore } from './store-uri.js';

const { serialize } = mongoose.mongo.BSON;
const at = new Date('2026-01-02T03:04:05Z');
const fileId = new mongoose.Types.ObjectId();

/** BSON as the driver sends it (undefined as null, as the driver's default). */
const bson = (doc: Document) => Buffer.from(serialize(doc));

/** What mongoose's document sends, without the `_id` it makes up (its last field). */
function viaMongoose(model: Models['Version'] | Models['LogEntry'], fields: object): Document {
  const { _id, ...rest } = new model(fields).toBSON() as Document;
  expect(_id).toBeInstanceOf(mongoose.Types.ObjectId);
  return rest;
}

const nullProto = Object.assign(Object.create(null) as object, { a: 1, b: undefined });

const versionFields = (extra: Record<string, unknown> = {}) => ({
  searchTerms: { skill: ['weather'], properties: ['city'] },
  namespace: 'acme',
  name: 'tool',
  version: '1.0.0',
  manifest: {
    name: 'tool',
    missing: undefined,
    nested: { gone: undefined, when: at, empty: {}, deep: { gone: undefined } },
    list: [undefined, 1, null, {}, { gone: undefined }],
    ['__proto__']: 'skipped',
    nullProto,
  },
  manifestSha256: 'c'.repeat(64),
  integrity: 'sha256-abc',
  size: 853,
  publishedAt: at,
  publishedBy: 'alice',
  artifact: {
    mediaType: 'application/gzip',
    fileId,
    filename: 'acme-tool-1.0.0.tar.gz',
    backend: 'gridfs',
    format: 'tar.gz',
  },
  provenance: { recorded: true, via: 'token', client: undefined, publishedAt: at.toISOString() },
  signatures: [{ sig: 'c2ln', keyid: 'k1' }],
  logIndex: 7,
  ...extra,
});

const logFields = (extra: Record<string, unknown> = {}) => ({
  checkpoint: { note: 'note', rootHash: 'cm9vdA==', keyid: 'k1', createdAt: at },
  index: 3,
  kind: 'publish',
  body: 'entry 3',
  leafHash: 'aGFzaA==',
  key: 'publish acme/tool@1.0.3',
  integratedAt: at,
  hashes: ['aGFzaA==', 'b3RoZXI='],
  ...extra,
});

const summaryUpdate = (
  search: Record<string, unknown> = {},
  onInsert = true,
  id = '@acme/tool',
): SummaryUpdate => ({
  $set: {
    latest: '1.0.0',
    latestYanked: false,
    latestDeprecated: null,
    description: 'A tool',
    updatedAt: at,
    searchText: '@acme/tool a tool',
    search: {
      version: '1.0.0',
      name: ['acme', 'tool'],
      tools: [],
      properties: ['city'],
      description: ['tool'],
      skill: [],
      permissions: { fs: { read: [], write: [] }, network: ['api.example.com'], env: [] },
      verified: false,
      ...search,
    },
    indexedAt: at,
  },
  ...(onInsert ? { $setOnInsert: { id, createdAt: at } } : {}),
  $inc: { revision: 1 },
});

let models: Models;

beforeAll(() => {
  models = createModels(mongoose.createConnection());
});

describe('versionDocument', () => {
  it.each([
    ['every field', {}],
    [
      'a code scan, no log index',
      { codeScan: { revision: 2, findings: [], gone: undefined }, logIndex: undefined },
    ],
    [
      'no signatures, search terms or log index',
      { signatures: undefined, searchTerms: undefined, logIndex: null },
    ],
    ['an unknown field (left out, as the schema is strict)', { extra: 'dropped' }],
  ])('builds what mongoose builds: %s', (_, extra) => {
    const fields = versionFields(extra);
    const plain = versionDocument(fields);
    expect(plain).toBeDefined();
    expect(bson(plain ?? {}).equals(bson(viaMongoose(models.Version, fields)))).toBe(true);
  });

  it.each([
    ['a number for a string', { namespace: 5 }],
    ['an empty required string', { publishedBy: '' }],
    ['a missing required field', { publishedBy: undefined }],
    ['a format outside the enum', { artifact: { ...versionFields().artifact, format: 'zip' } }],
    ['a string for the size', { size: '853' }],
    ['a class instance in the manifest', { manifest: { when: new URL('https://example.com') } }],
    ['a key named constructor in the manifest', { manifest: { tools: [{ constructor: 'x' }] } }],
    ['a yank mark', { yanked: { reason: 'x', by: 'y', at } }],
  ])('leaves to mongoose %s', (_, extra) => {
    expect(versionDocument(versionFields(extra))).toBeUndefined();
  });
});

describe('logEntryDocument', () => {
  it.each([
    ['every field', {}],
    ['no key, hashes or checkpoint', { key: undefined, hashes: undefined, checkpoint: undefined }],
    ['no hashes in the list', { hashes: [] }],
  ])('builds what mongoose builds: %s', (_, extra) => {
    const fields = logFields(extra);
    const plain = logEntryDocument(fields);
    expect(plain).toBeDefined();
    expect(bson(plain ?? {}).equals(bson(viaMongoose(models.LogEntry, fields)))).toBe(true);
  });

  it.each([
    ['a kind outside the enum', { kind: 'erase' }],
    ['a string for the index', { index: '3' }],
    ['a checkpoint without its note', { checkpoint: { rootHash: 'r', keyid: 'k', createdAt: at } }],
    ['a null key', { key: null }],
  ])('leaves to mongoose %s', (_, extra) => {
    expect(logEntryDocument(logFields(extra))).toBeUndefined();
  });
});

describe('the package summary update', () => {
  let store: TestStore;
  let conn: Connection;
  let dbName: string;
  let bound: Models;
  const sent: CommandStartedEvent[] = [];

  const database = () => {
    if (!conn.db) throw new Error('the connection is not open');
    return conn.db;
  };

  beforeAll(async () => {
    store = await openTestStore();
    dbName = uniqueDbName('plain_documents');
    conn = await mongoose.createConnection(store.uri, { dbName, monitorCommands: true }).asPromise();
    conn.getClient().on('commandStarted', (event: CommandStartedEvent) => {
      if (event.commandName === 'update') sent.push(event);
    });
    bound = createModels(conn);
    await bound.Package.createIndexes();
  });

  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
    await store.close();
  });

  /** The `u` mongoose sends for `update`. */
  async function mongooseSends(update: SummaryUpdate, upsert: boolean): Promise<Document> {
    sent.length = 0;
    await bound.Package.updateOne({ namespace: 'sent', name: 'tool' }, structuredClone(update), { upsert });
    const [event] = sent;
    const [statement] = (event?.command.updates ?? []) as Document[];
    if (!statement) throw new Error('no update was sent');
    return statement.u as Document;
  }

  it.each([
    ['the upsert of a publish', summaryUpdate(), true],
    ['the update after a lost race', summaryUpdate({}, false), false],
    ['search fields left undefined', summaryUpdate({ tools: undefined, skill: undefined }), true],
    [
      'permissions with empty and undefined members',
      summaryUpdate({ permissions: { fs: {}, network: [], env: [{}], gone: undefined } }),
      true,
    ],
  ])('is what mongoose sends: %s', async (_, update, upsert) => {
    const plain = packageSummaryUpdate(update);
    expect(plain).toBeDefined();
    expect(bson(plain ?? {}).equals(bson(await mongooseSends(update, upsert)))).toBe(true);
  });

  it.each([
    ['a number for a string', { $set: { ...summaryUpdate().$set, latest: 1 } }],
    ['a field outside the schema', { $set: { ...summaryUpdate().$set, other: 'x' } }],
    ['an increment of another field', { $inc: { revision: 1, other: 1 } }],
  ])('leaves to mongoose %s', (_, change) => {
    expect(packageSummaryUpdate({ ...summaryUpdate(), ...change })).toBeUndefined();
  });

  const paths = storeCommandPaths(() => ({ conn, store, dbName }));

  /** The stored summary without its `_id` and the names that differ by design. */
  async function storedSummary(name: string): Promise<Buffer> {
    const doc = await database().collection('packages').findOne({ namespace: 'acme', name });
    if (!doc) throw new Error(`no summary of ${name}`);
    const { _id, name: _name, id, ...rest } = doc;
    expect(id).toBe(`@acme/${name}`);
    return bson(rest);
  }

  it.each(paths)('stores what Package.updateOne stores, %s', async (label, commandsOf) => {
    const viaMongoose = `mongoose-${label.replace(/ /g, '-')}`;
    const viaPlain = `plain-${label.replace(/ /g, '-')}`;
    for (const search of [{}, { version: '1.1.0', verified: true }]) {
      for (const name of [viaMongoose, viaPlain]) {
        const update = summaryUpdate(search, true, `@acme/${name}`);
        const filter = { namespace: 'acme', name };
        if (name === viaMongoose)
          await bound.Package.updateOne(filter, structuredClone(update), { upsert: true });
        else await updatePackageSummary(commandsOf(), bound.Package, filter, update, { upsert: true });
      }
      expect((await storedSummary(viaPlain)).equals(await storedSummary(viaMongoose))).toBe(true);
    }
  });

  it.each(paths)('refuses a duplicate id on the upsert as mongoose does, %s', async (label, commandsOf) => {
    const name = `taken-${label.replace(/ /g, '-')}`;
    const update = summaryUpdate({}, true, `@acme/${name}`);
    await updatePackageSummary(commandsOf(), bound.Package, { namespace: 'acme', name }, update, {
      upsert: true,
    });
    await expect(
      updatePackageSummary(commandsOf(), bound.Package, { namespace: 'other', name }, update, {
        upsert: true,
      }),
    ).rejects.toMatchObject({ code: 11000 });
  });
});
