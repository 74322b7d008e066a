// CRUD through the official mongodb driver: inserts, finds with filter / sort / projection /
// skip / limit, update operators, upserts, multi updates, deletes, findOneAndUpdate /
// findOneAndDelete, counts, distinct, aggregation and BSON type round trips.
import { Binary, Decimal128, Long, MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, uniqueDbName, usingExternal } from './store-uri.js';
import type { TestStore } from './store-uri.js';

let store: TestStore;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  store = await openTestStore();
  client = await MongoClient.connect(store.uri);
  db = client.db(uniqueDbName('crud'));
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await store.close();
});

describe('CRUD through the mongodb driver', () => {
  it('inserts and finds with filter, sort, projection, skip and limit', async () => {
    const people = db.collection('people');
    const res = await people.insertMany([
      { name: 'ada', age: 36, tags: ['math', 'code'] },
      { name: 'bob', age: 25, tags: ['code'] },
      { name: 'cyd', age: 41, tags: [] },
      { name: 'dee', age: 30 },
    ]);
    expect(res.insertedCount).toBe(4);
    expect(Object.values(res.insertedIds).every((id) => id instanceof ObjectId)).toBe(true);

    const older = await people
      .find({ age: { $gte: 30 } }, { projection: { _id: 0, name: 1 } })
      .sort({ age: -1 })
      .toArray();
    expect(older).toEqual([{ name: 'cyd' }, { name: 'ada' }, { name: 'dee' }]);

    const page = await people.find({}).sort({ name: 1 }).skip(1).limit(2).toArray();
    expect(page.map((p) => p.name)).toEqual(['bob', 'cyd']);

    expect(await people.findOne({ tags: 'code', age: { $lt: 30 } })).toMatchObject({ name: 'bob' });
    expect(await people.findOne({ name: { $in: ['zed', 'dee'] } })).toMatchObject({ name: 'dee' });
    expect(await people.findOne({ missing: { $exists: true } })).toBeNull();
    const excluded = await people.findOne({ name: 'ada' }, { projection: { tags: 0 } });
    expect(excluded).not.toHaveProperty('tags');
    expect(excluded).toHaveProperty('_id');
  });

  it('matches equalities the way MongoDB does: array elements, dotted paths, numeric types, $in, $eq', async () => {
    const things = db.collection('things');
    await things.insertMany([
      { _id: 1 as never, n: 5, tags: ['a', 'b'], sub: [{ k: 'x' }, { k: 'y' }], when: new Date(1000) },
      { _id: 2 as never, n: 5.0, tags: [['a']], sub: { k: ['x', 'z'] }, when: new Date(2000) },
      { _id: 3 as never, n: Long.fromNumber(5), tags: 'a', sub: [] },
      { _id: 4 as never, n: '5', tags: [] },
    ]);
    const ids = async (filter: object) =>
      (await things.find(filter).toArray()).map((d) => d._id as unknown as number);
    // 5, 5.0 and NumberLong(5) are equal; the string '5' is not
    expect(await ids({ n: 5 })).toEqual([1, 2, 3]);
    expect(await ids({ n: Long.fromNumber(5) })).toEqual([1, 2, 3]);
    expect(await ids({ n: { $eq: '5' } })).toEqual([4]);
    // an array matches by any element, but a nested array does not expose its elements
    expect(await ids({ tags: 'a' })).toEqual([1, 3]);
    // dotted paths reach into arrays of documents and arrays at the end of the path
    expect(await ids({ 'sub.k': 'x' })).toEqual([1, 2]);
    expect(await ids({ 'sub.k': { $in: ['y', 'z'] } })).toEqual([1, 2]);
    expect(await ids({ when: new Date(2000) })).toEqual([2]);
    expect(await ids({ n: 5, tags: 'b' })).toEqual([1]);
    expect(await ids({ nothing: 'here' })).toEqual([]);
    // null is not a plain equality: it also matches a missing field, but not an empty array
    expect(await ids({ when: null })).toEqual([3, 4]);
  });

  it('projects top-level fields the way MongoDB does: document order, _id unless dropped', async () => {
    const shapes = db.collection('shapes');
    await shapes.insertOne({ _id: 'p' as never, a: 1, b: { c: 2 }, d: [3], e: 'four' });
    const project = (projection: object) => shapes.findOne({ _id: 'p' as never }, { projection });
    expect(await project({ e: 1, a: 1 })).toEqual({ _id: 'p', a: 1, e: 'four' });
    expect(Object.keys((await project({ e: 1, a: 1 })) ?? {})).toEqual(['_id', 'a', 'e']);
    expect(await project({ _id: 0, b: 1 })).toEqual({ b: { c: 2 } });
    expect(await project({ b: 0, d: 0 })).toEqual({ _id: 'p', a: 1, e: 'four' });
    expect(await project({ _id: 0 })).toEqual({ a: 1, b: { c: 2 }, d: [3], e: 'four' });
    expect(await project({ _id: 1 })).toEqual({ _id: 'p' });
    expect(await project({ 'b.c': 1, _id: 0 })).toEqual({ b: { c: 2 } });
    await expect(project({ a: 1, b: 0 })).rejects.toThrow();
  });

  it('applies update operators, upserts and multi updates with MongoDB result shapes', async () => {
    interface Item {
      sku: string;
      qty?: number;
      tags?: string[];
      meta?: { seen: boolean };
      kind?: string;
      created?: boolean;
      replaced?: boolean;
      double?: number;
    }
    const items = db.collection<Item>('items');
    await items.insertMany([
      { sku: 'a', qty: 1, tags: ['x'] },
      { sku: 'b', qty: 2, tags: [] },
      { sku: 'c', qty: 3, tags: [] },
    ]);
    const one = await items.updateOne(
      { sku: 'a' },
      { $inc: { qty: 5 }, $push: { tags: 'y' }, $set: { 'meta.seen': true } },
    );
    expect(one).toMatchObject({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 0,
      upsertedId: null,
    });
    expect(await items.findOne({ sku: 'a' }, { projection: { _id: 0 } })).toEqual({
      sku: 'a',
      qty: 6,
      tags: ['x', 'y'],
      meta: { seen: true },
    });

    const same = await items.updateOne({ sku: 'a' }, { $set: { qty: 6 } });
    expect(same).toMatchObject({ matchedCount: 1, modifiedCount: 0 });

    const many = await items.updateMany({ qty: { $gte: 2 } }, { $unset: { tags: '' }, $mul: { qty: 10 } });
    expect(many).toMatchObject({ matchedCount: 3, modifiedCount: 3 });
    expect(
      (
        await items
          .find({}, { projection: { _id: 0, qty: 1 } })
          .sort({ qty: 1 })
          .toArray()
      ).map((d) => d.qty),
    ).toEqual([20, 30, 60]);

    const up = await items.updateOne(
      { sku: 'z', kind: { $eq: 'new' } },
      { $set: { qty: 1 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(up.upsertedCount).toBe(1);
    expect(up.upsertedId).toBeInstanceOf(ObjectId);
    expect(await items.findOne({ _id: up.upsertedId as ObjectId }, { projection: { _id: 0 } })).toEqual({
      sku: 'z',
      kind: 'new',
      qty: 1,
      created: true,
    });
    const again = await items.updateOne(
      { sku: 'z' },
      { $set: { qty: 2 }, $setOnInsert: { created: false } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await items.findOne({ sku: 'z' })).toMatchObject({ qty: 2, created: true });

    const replaced = await items.replaceOne({ sku: 'b' }, { sku: 'b', replaced: true });
    expect(replaced.modifiedCount).toBe(1);
    expect(await items.findOne({ sku: 'b' }, { projection: { _id: 0 } })).toEqual({
      sku: 'b',
      replaced: true,
    });

    const pipeline = await items.updateOne({ sku: 'c' }, [{ $set: { double: { $multiply: ['$qty', 2] } } }]);
    expect(pipeline.modifiedCount).toBe(1);
    expect(await items.findOne({ sku: 'c' })).toMatchObject({ qty: 30, double: 60 });

    await expect(items.updateOne({ sku: 'c' }, { $set: { _id: 'other' } })).rejects.toMatchObject({
      code: 66,
    });
    await expect(items.updateOne({ sku: 'c' }, { $bogus: { a: 1 } })).rejects.toMatchObject({
      code: 9,
    });
  });

  it('updates array elements with the positional operator and arrayFilters', async () => {
    const orders = db.collection<{ _id: number; lines: Array<{ sku: string; qty: number }> }>('orders');
    await orders.insertOne({
      _id: 1,
      lines: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 2 },
        { sku: 'c', qty: 3 },
      ],
    });
    await orders.updateOne({ _id: 1, 'lines.sku': 'b' }, { $set: { 'lines.$.qty': 20 } });
    await orders.updateOne(
      { _id: 1 },
      { $inc: { 'lines.$[big].qty': 100 } },
      { arrayFilters: [{ 'big.qty': { $gte: 3 } }] },
    );
    await orders.updateOne({ _id: 1 }, { $pull: { lines: { sku: 'a' } } });
    expect(await orders.findOne({ _id: 1 })).toEqual({
      _id: 1,
      lines: [
        { sku: 'b', qty: 120 },
        { sku: 'c', qty: 103 },
      ],
    });
  });

  it('deletes one or many', async () => {
    const logs = db.collection('logs');
    await logs.insertMany(Array.from({ length: 10 }, (_, i) => ({ i, even: i % 2 === 0 })));
    expect((await logs.deleteOne({ even: true })).deletedCount).toBe(1);
    expect((await logs.deleteMany({ even: true })).deletedCount).toBe(4);
    expect(await logs.countDocuments()).toBe(5);
    expect((await logs.deleteMany({})).deletedCount).toBe(5);
    expect(await logs.estimatedDocumentCount()).toBe(0);
  });

  it('findOneAndUpdate / findOneAndReplace / findOneAndDelete', async () => {
    const counters = db.collection<{ _id: string; seq: number; note?: string }>('counters');
    const first = await counters.findOneAndUpdate(
      { _id: 'orders' },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(first).toEqual({ _id: 'orders', seq: 1 });
    const before = await counters.findOneAndUpdate(
      { _id: 'orders' },
      { $inc: { seq: 1 } },
      { returnDocument: 'before' },
    );
    expect(before).toEqual({ _id: 'orders', seq: 1 });
    const after = await counters.findOneAndUpdate(
      { _id: 'orders' },
      { $inc: { seq: 1 } },
      { returnDocument: 'after', projection: { seq: 1, _id: 0 } },
    );
    expect(after).toEqual({ seq: 3 });
    const meta = await counters.findOneAndUpdate(
      { _id: 'missing' },
      { $set: { seq: 0 } },
      { includeResultMetadata: true },
    );
    expect(meta).toMatchObject({ ok: 1, value: null, lastErrorObject: { n: 0, updatedExisting: false } });
    const replaced = await counters.findOneAndReplace(
      { _id: 'orders' },
      { seq: 100, note: 'r' },
      { returnDocument: 'after' },
    );
    expect(replaced).toEqual({ _id: 'orders', seq: 100, note: 'r' });

    await counters.insertMany([
      { _id: 'q1', seq: 5 },
      { _id: 'q2', seq: 1 },
    ]);
    const removed = await counters.findOneAndDelete({ _id: { $in: ['q1', 'q2'] } }, { sort: { seq: 1 } });
    expect(removed).toEqual({ _id: 'q2', seq: 1 });
    expect(await counters.countDocuments({ _id: /^q/ })).toBe(1);
  });

  it('counts, distinct and aggregates', async () => {
    const sales = db.collection('sales');
    await sales.insertMany([
      { item: 'pen', qty: 2, store: 's1', tags: ['a', 'b'] },
      { item: 'pen', qty: 5, store: 's2', tags: ['b'] },
      { item: 'ink', qty: 1, store: 's1', tags: ['c'] },
      { item: 'pad', qty: 7, store: 's2' },
    ]);
    await db.collection('stores').insertMany([
      { _id: 's1' as never, city: 'Oslo' },
      { _id: 's2' as never, city: 'Rome' },
    ]);
    expect(await sales.countDocuments({ item: 'pen' })).toBe(2);
    expect(await sales.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
    expect(await sales.estimatedDocumentCount()).toBe(4);
    expect((await sales.distinct('item')).sort()).toEqual(['ink', 'pad', 'pen']);
    expect((await sales.distinct('tags', { store: 's1' })).sort()).toEqual(['a', 'b', 'c']);

    const grouped = await sales
      .aggregate([
        { $match: { qty: { $gt: 1 } } },
        { $group: { _id: '$item', total: { $sum: '$qty' }, n: { $sum: 1 } } },
        { $sort: { total: -1, _id: 1 } },
      ])
      .toArray();
    expect(grouped).toEqual([
      { _id: 'pad', total: 7, n: 1 },
      { _id: 'pen', total: 7, n: 2 },
    ]);

    const joined = await sales
      .aggregate([
        { $match: { item: 'ink' } },
        { $lookup: { from: 'stores', localField: 'store', foreignField: '_id', as: 'where' } },
        { $unwind: '$where' },
        { $project: { _id: 0, item: 1, city: '$where.city' } },
      ])
      .toArray();
    expect(joined).toEqual([{ item: 'ink', city: 'Oslo' }]);

    const faceted = await sales
      .aggregate([
        { $facet: { total: [{ $count: 'n' }], big: [{ $match: { qty: { $gte: 5 } } }, { $count: 'n' }] } },
        { $addFields: { ratio: { $divide: [{ $first: '$big.n' }, { $first: '$total.n' }] } } },
      ])
      .toArray();
    expect(faceted).toEqual([{ total: [{ n: 4 }], big: [{ n: 2 }], ratio: 0.5 }]);

    const unwound = await sales.aggregate([{ $unwind: '$tags' }, { $count: 'n' }]).toArray();
    expect(unwound).toEqual([{ n: 4 }]);
    // the aggregation must not have touched stored documents
    expect(await sales.findOne({ item: 'ink' }, { projection: { _id: 0 } })).toEqual({
      item: 'ink',
      qty: 1,
      store: 's1',
      tags: ['c'],
    });
  });

  it('round-trips BSON types', async () => {
    const types = db.collection('types');
    const doc = {
      _id: new ObjectId(),
      date: new Date('2024-05-06T07:08:09.010Z'),
      long: Long.fromString('9007199254740993'),
      smallLong: Long.fromNumber(42),
      decimal: Decimal128.fromString('12345.6789'),
      binary: new Binary(Buffer.from([0, 1, 2, 250, 255]), 0),
      nested: { a: { b: [1, 'two', { three: 3 }] } },
      array: [null, true, 1.5],
      nothing: null,
      text: 'héllo',
    };
    await types.insertOne(doc);
    const raw = await types.findOne({ _id: doc._id }, { promoteLongs: false });
    expect(raw).not.toBeNull();
    expect(raw?.long).toBeInstanceOf(Long);
    expect(String(raw?.long)).toBe('9007199254740993');
    expect(String(raw?.smallLong)).toBe('42');
    expect(raw?.date).toEqual(doc.date);
    expect(raw?.decimal).toBeInstanceOf(Decimal128);
    expect(String(raw?.decimal)).toBe('12345.6789');
    expect(raw?.binary).toBeInstanceOf(Binary);
    expect(Buffer.from((raw?.binary as Binary).buffer)).toEqual(Buffer.from([0, 1, 2, 250, 255]));
    expect(raw?.nested).toEqual(doc.nested);
    expect(raw?.array).toEqual(doc.array);
    expect(raw?.nothing).toBeNull();
    expect(raw?.text).toBe('héllo');
    // matching on those types
    expect(await types.countDocuments({ date: { $gt: new Date('2024-01-01') } })).toBe(1);
    expect(await types.countDocuments({ long: Long.fromString('9007199254740993') })).toBe(1);
    expect(await types.countDocuments({ 'nested.a.b': 'two' })).toBe(1);
    expect(await types.countDocuments({ nothing: null })).toBe(1);
  });

  it('answers unknown commands with CommandNotFound (59)', async () => {
    await expect(db.command({ definitelyNotACommand: 1 })).rejects.toMatchObject({
      code: 59,
      codeName: 'CommandNotFound',
      message: "no such command: 'definitelyNotACommand'",
    });
  });

  it('lists, renames and drops collections', async () => {
    await db.createCollection('made');
    await expect(db.createCollection('made')).rejects.toMatchObject({ code: 48 });
    const listed = await db.listCollections({ name: 'made' }).toArray();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'made', type: 'collection', idIndex: { name: '_id_' } });
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toContain('made');
    await db.collection('made').insertOne({ a: 1 });
    await db.renameCollection('made', 'renamed');
    expect(await db.collection('renamed').countDocuments()).toBe(1);
    expect(await db.collection('renamed').drop()).toBe(true);
    // MongoDB before 7.0 (and the embedded store) answer NamespaceNotFound; 7.0+ answers ok
    const dropped: unknown = await db.command({ drop: 'never-existed' }).catch((e: unknown) => e);
    if (usingExternal)
      expect(dropped).toSatisfy(
        (r) => (r as { ok?: number }).ok === 1 || (r as { code?: number }).code === 26,
      );
    else expect(dropped).toMatchObject({ code: 26, codeName: 'NamespaceNotFound', message: 'ns not found' });
    // the driver tolerates it
    await expect(db.collection('never-existed').drop()).resolves.toBeTypeOf('boolean');
    const dbs = await client.db().admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain(db.databaseName);
  });
});
