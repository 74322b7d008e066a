// Index behaviour through the driver and mongoose: unique, compound unique, sparse, partial,
// listIndexes / dropIndexes, and duplicate keys surfacing exactly as a real MongoDB reports them
// (code 11000, keyPattern, keyValue and the E11000 message).
import { MongoBulkWriteError, MongoClient, MongoServerError } from 'mongodb';
import type { Db } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, uniqueDbName } from './store-uri.js';
import type { TestStore } from './store-uri.js';

let store: TestStore;
let client: MongoClient;
let db: Db;
const dbName = uniqueDbName('idx');

beforeAll(async () => {
  store = await openTestStore();
  client = await MongoClient.connect(store.uri);
  db = client.db(dbName);
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await store.close();
});

describe('indexes', () => {
  it('enforces a unique index with MongoDB-shaped duplicate key errors', async () => {
    const users = db.collection('users');
    expect(await users.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    // creating the same index again is a no-op
    expect(await users.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    await users.insertOne({ email: 'a@x.io' });
    const err: unknown = await users.insertOne({ email: 'a@x.io' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err).toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'a@x.io' },
      message: `E11000 duplicate key error collection: ${dbName}.users index: email_1 dup key: { email: "a@x.io" }`,
    });

    await users.insertOne({ email: 'b@x.io' });
    const upd: unknown = await users
      .updateOne({ email: 'b@x.io' }, { $set: { email: 'a@x.io' } })
      .catch((e: unknown) => e);
    expect(upd).toMatchObject({ code: 11000, keyValue: { email: 'a@x.io' } });
    expect(await users.countDocuments({ email: 'b@x.io' })).toBe(1);

    const bulk: unknown = await users
      .insertMany([{ email: 'c@x.io' }, { email: 'a@x.io' }, { email: 'd@x.io' }], { ordered: false })
      .catch((e: unknown) => e);
    expect(bulk).toBeInstanceOf(MongoBulkWriteError);
    const bulkErr = bulk as MongoBulkWriteError;
    expect(bulkErr.code).toBe(11000);
    expect(bulkErr.insertedCount).toBe(2);
    expect(bulkErr.writeErrors).toMatchObject([{ index: 1, code: 11000 }]);

    const fam: unknown = await users
      .findOneAndUpdate({ email: 'c@x.io' }, { $set: { email: 'd@x.io' } })
      .catch((e: unknown) => e);
    expect(fam).toMatchObject({
      code: 11000,
      codeName: 'DuplicateKey',
      keyPattern: { email: 1 },
      keyValue: { email: 'd@x.io' },
    });

    const dupId: unknown = await users
      .insertOne({ _id: (await users.findOne({ email: 'a@x.io' }))?._id })
      .catch((e: unknown) => e);
    expect(dupId).toMatchObject({ code: 11000, keyPattern: { _id: 1 } });
    expect((dupId as Error).message).toMatch(
      new RegExp(
        `^E11000 duplicate key error collection: ${dbName}.users index: _id_ dup key: \\{ _id: ObjectId\\('[0-9a-f]{24}'\\) \\}$`,
      ),
    );
  });

  it('enforces compound unique indexes', async () => {
    const seats = db.collection('seats');
    await seats.createIndex({ row: 1, seat: 1 }, { unique: true });
    await seats.insertMany([
      { row: 1, seat: 'a' },
      { row: 1, seat: 'b' },
      { row: 2, seat: 'a' },
    ]);
    const err: unknown = await seats.insertOne({ row: 1, seat: 'b' }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 11000,
      keyPattern: { row: 1, seat: 1 },
      keyValue: { row: 1, seat: 'b' },
      message: `E11000 duplicate key error collection: ${dbName}.seats index: row_1_seat_1 dup key: { row: 1, seat: "b" }`,
    });
  });

  it('sparse and partial unique indexes skip documents without the key', async () => {
    const profiles = db.collection('profiles');
    await profiles.createIndex({ handle: 1 }, { unique: true, sparse: true });
    await profiles.insertMany([{ name: 'x' }, { name: 'y' }, { handle: 'h1' }]);
    await expect(profiles.insertOne({ handle: 'h1' })).rejects.toMatchObject({ code: 11000 });

    const plain = db.collection('plain');
    await plain.createIndex({ handle: 1 }, { unique: true });
    await plain.insertOne({ name: 'x' });
    await expect(plain.insertOne({ name: 'y' })).rejects.toMatchObject({
      code: 11000,
      keyValue: { handle: null },
    });

    const accounts = db.collection('accounts');
    await accounts.createIndex({ login: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await accounts.insertMany([
      { login: 'l', active: false },
      { login: 'l', active: false },
      { login: 'l', active: true },
    ]);
    await expect(accounts.insertOne({ login: 'l', active: true })).rejects.toMatchObject({ code: 11000 });
  });

  it('lists and drops indexes', async () => {
    const things = db.collection('things');
    await things.createIndexes([
      { key: { a: 1 }, unique: true },
      { key: { b: -1, c: 1 }, name: 'b_c' },
      { key: { at: 1 }, expireAfterSeconds: 3600 },
    ]);
    const listed = await things.listIndexes().toArray();
    expect(listed.map((i) => i.name)).toEqual(['_id_', 'a_1', 'b_c', 'at_1']);
    expect(listed[1]).toMatchObject({ v: 2, key: { a: 1 }, name: 'a_1', unique: true });
    expect(listed[2]).toMatchObject({ key: { b: -1, c: 1 }, name: 'b_c' });
    expect(listed[3]).toMatchObject({ key: { at: 1 }, expireAfterSeconds: 3600 });
    expect(await things.indexExists('b_c')).toBe(true);

    await things.insertOne({ a: 1 });
    await expect(things.insertOne({ a: 1 })).rejects.toMatchObject({ code: 11000 });
    await things.dropIndex('a_1');
    await things.insertOne({ a: 1 });
    await expect(things.dropIndex('a_1')).rejects.toMatchObject({ code: 27 });
    await expect(things.dropIndex('_id_')).rejects.toMatchObject({ code: 72 });
    await expect(things.createIndex({ a: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    await things.dropIndexes();
    expect((await things.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    await expect(db.collection('nope').listIndexes().toArray()).rejects.toMatchObject({ code: 26 });
    await expect(things.createIndex({ b: 1 }, { name: 'b_c' })).resolves.toBe('b_c');
    await expect(things.createIndex({ z: 1 }, { name: 'b_c' })).rejects.toMatchObject({ code: 86 });
  });

  it('finds by indexed keys', async () => {
    const keyed = db.collection('keyed');
    await keyed.createIndex({ k: 1 }, { unique: true });
    await keyed.createIndex({ group: 1, n: 1 });
    await keyed.insertMany(
      Array.from({ length: 200 }, (_, i) => ({ k: `key-${i}`, group: i % 4, n: i, tags: [`t${i % 3}`] })),
    );
    expect(await keyed.findOne({ k: 'key-42' })).toMatchObject({ n: 42 });
    expect(await keyed.countDocuments({ k: { $in: ['key-1', 'key-2', 'nope'] } })).toBe(2);
    expect(await keyed.countDocuments({ group: 1, n: 5 })).toBe(1);
    expect(await keyed.countDocuments({ group: 1, n: { $gt: 100 } })).toBe(25);
    await keyed.createIndex({ tags: 1 });
    expect(await keyed.countDocuments({ tags: 't1' })).toBe(67);
    await keyed.updateOne({ k: 'key-42' }, { $set: { k: 'renamed' } });
    expect(await keyed.findOne({ k: 'key-42' })).toBeNull();
    expect(await keyed.findOne({ k: 'renamed' })).toMatchObject({ n: 42 });
  });
});

describe('indexes through mongoose', () => {
  it('raises the same MongoServerError for a unique path', async () => {
    const conn = await mongoose.createConnection(store.uri, { dbName: `${dbName}_m` }).asPromise();
    try {
      const schema = new mongoose.Schema({
        email: { type: String, unique: true, required: true },
        name: String,
      });
      const User = conn.model('User', schema);
      await User.init();
      const indexes = await User.listIndexes();
      expect(indexes.map((i: { name?: string }) => i.name)).toEqual(['_id_', 'email_1']);
      await User.create({ email: 'm@x.io', name: 'first' });
      const err: unknown = await User.create({ email: 'm@x.io', name: 'second' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(mongoose.mongo.MongoServerError);
      expect(err).toMatchObject({
        code: 11000,
        keyPattern: { email: 1 },
        keyValue: { email: 'm@x.io' },
        message: `E11000 duplicate key error collection: ${dbName}_m.users index: email_1 dup key: { email: "m@x.io" }`,
      });
      await conn.dropDatabase();
    } finally {
      await conn.close();
    }
  });
});
