// The store's operations on their two paths (src/db/store-commands.ts): in process into the
// embedded store, and through the driver over the wire to the same store. What one path stores,
// the other stores byte for byte; what one answers, the other answers; a duplicate key is refused
// alike; a closed connection is a storage outage on both. Embedded store only
// (vitest.mongodb.config.ts leaves it out): the in-process path needs it.
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mapStorageFailure } from '../../src/db/availability.js';
import {
  driverCommands,
  findOne,
  inProcessCommands,
  type StoreCommands,
} from '../../src/db/store-commands.js';
import { openTestStore, uniqueDbName, type TestStore } from './store-uri.js';

const { Binary, Decimal128, Long, ObjectId, serialize } = mongoose.mongo.BSON;

let store: TestStore;
let conn: Connection;
let dbName: string;
let driver: StoreCommands;
let inProcess: StoreCommands;

beforeAll(async () => {
  store = await openTestStore();
  dbName = uniqueDbName('store_commands');
  conn = await mongoose.createConnection(store.uri, { dbName }).asPromise();
  driver = driverCommands(conn);
  const embedded = store.embedded;
  if (!embedded) throw new Error('these tests need the embedded store');
  inProcess = inProcessCommands(conn, (command) => embedded.run(dbName, command));
});

afterAll(async () => {
  await conn.close();
  await store.close();
});

/** A document with a value of each kind a publish writes, and a few it does not. */
const sample = () => ({
  name: 'tool',
  n: 42,
  big: 2 ** 40,
  half: 1.5,
  negative: -7,
  yes: true,
  none: null,
  missing: undefined,
  at: new Date('2026-01-02T03:04:05.678Z'),
  id: new ObjectId('65f0a1b2c3d4e5f601234567'),
  bytes: Buffer.from('artifact bytes'),
  binary: new Binary(Buffer.from([1, 2, 3]), 0),
  large: new Binary(Buffer.alloc(20 * 1024, 7)),
  long: Long.fromString('9007199254740993'),
  decimal: Decimal128.fromString('1.10'),
  text: 'Grüße, 世界',
  nested: { list: [1, 'two', { three: 3, gone: undefined }], empty: {}, none: [] },
});

/** The stored documents of `collection`, read through the driver, without their _id. */
async function storedRaw(collection: string) {
  const db = conn.db;
  if (!db) throw new Error('the connection is not open');
  const docs = await db
    .collection(collection)
    .find({}, { sort: { _id: 1 } })
    .toArray();
  return docs.map(({ _id, ...rest }) => rest);
}

const bsonOf = (value: object) => Buffer.from(serialize(value));

describe('the store operations in process and through the driver', () => {
  test('a document inserted in process is stored byte for byte as the driver stores it', async () => {
    await driver.insertOne('kinds_driver', sample());
    await inProcess.insertOne('kinds_in_process', sample());
    const [viaDriver, viaInProcess] = await Promise.all([
      storedRaw('kinds_driver'),
      storedRaw('kinds_in_process'),
    ]);
    expect(viaInProcess).toEqual(viaDriver);
    expect(bsonOf({ docs: viaInProcess }).equals(bsonOf({ docs: viaDriver }))).toBe(true);
    // undefined is stored as null, as the driver sends it
    expect(viaInProcess[0]).toMatchObject({ missing: null, none: null });
  });

  test('an insert gives a document without an _id one, on the document, as the driver does', async () => {
    const a: Record<string, unknown> = { step: 1 };
    const b: Record<string, unknown> = { step: 1 };
    await driver.insertOne('ids', a);
    await inProcess.insertOne('ids', b);
    expect(a._id).toBeInstanceOf(ObjectId);
    expect(b._id).toBeInstanceOf(ObjectId);
    const stored = await driver.find('ids', {}, { sort: { _id: 1 } });
    expect(stored.map((d) => String(d._id))).toEqual([String(a._id), String(b._id)]);
  });

  test('a find answers in process what it answers through the driver', async () => {
    for (let i = 0; i < 150; i++)
      await driver.insertOne('versions_like', {
        version: `1.0.${i}`,
        yanked: i % 7 === 0 ? true : undefined,
        i,
      });
    const queries: [Record<string, unknown>, Parameters<StoreCommands['find']>[2]][] = [
      [{}, { projection: { version: 1, yanked: 1 } }],
      [{ i: { $gte: 10 } }, { sort: { i: -1 }, limit: 5 }],
      [{ yanked: true }, { projection: { _id: 0, i: 1 }, readUnjournaled: true }],
      [{ version: '1.0.3' }, { projection: { _id: 1 }, limit: 1 }],
      [{ version: 'none' }, {}],
    ];
    for (const [filter, options] of queries) {
      const [a, b] = await Promise.all([
        driver.find('versions_like', filter, options),
        inProcess.find('versions_like', filter, options),
      ]);
      expect(b).toEqual(a);
      expect(bsonOf({ docs: b }).equals(bsonOf({ docs: a }))).toBe(true);
    }
    // every match, more than one batch of the driver's
    expect(await inProcess.find('versions_like', {})).toHaveLength(150);
    await driver.insertOne('kinds_read', sample());
    const [a, b] = await Promise.all([
      findOne(driver, 'kinds_read', { name: 'tool' }),
      findOne(inProcess, 'kinds_read', { name: 'tool' }),
    ]);
    expect(b).toEqual(a);
    expect(b?.large).toBeInstanceOf(Binary);
    expect(await findOne(inProcess, 'kinds_read', { name: 'other' })).toBeNull();
  });

  test('a duplicate key is refused in process as the driver refuses it', async () => {
    const db = conn.db;
    if (!db) throw new Error('the connection is not open');
    await db.collection('unique_versions').createIndex({ name: 1, version: 1 }, { unique: true });
    await driver.insertOne('unique_versions', { name: 'tool', version: '1.0.0' });
    const refusal = (commands: StoreCommands) =>
      commands
        .insertOne('unique_versions', { name: 'tool', version: '1.0.0' }, { journaledLater: true })
        .then(
          () => {
            throw new Error('the duplicate was stored');
          },
          (error: unknown) => error as mongoose.mongo.MongoServerError,
        );
    const [a, b] = await Promise.all([refusal(driver), refusal(inProcess)]);
    expect(b).toBeInstanceOf(mongoose.mongo.MongoServerError);
    expect({ code: b.code, keyPattern: b.keyPattern, keyValue: b.keyValue, message: b.message }).toEqual({
      code: a.code,
      keyPattern: a.keyPattern,
      keyValue: a.keyValue,
      message: a.message,
    });
    expect(b.code).toBe(11000);
    expect(await driver.find('unique_versions', {})).toHaveLength(1);
  });

  test('once the connection is closed, an in-process operation is a storage outage', async () => {
    const closed = await mongoose.createConnection(store.uri, { dbName }).asPromise();
    const embedded = store.embedded;
    if (!embedded) throw new Error('these tests need the embedded store');
    const commands = inProcessCommands(closed, (command) => embedded.run(dbName, command));
    await closed.close();
    const error = await commands.find('ids', {}).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(mapStorageFailure(error)).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
  });
});
