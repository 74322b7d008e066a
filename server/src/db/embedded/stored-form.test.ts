// A collection keeps its documents as BSON bytes (stored-form.ts): every BSON type the store
// takes comes back as the wire protocol decoded it, a scan that decodes only the fields its filter
// reads selects what a scan of whole documents selects, and replacements, removals and indexes
// behave as they did on objects.
import { Query } from 'mingo';
import { describe, expect, test } from 'vitest';
import {
  Binary,
  Code,
  DBRef,
  Decimal128,
  Double,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  UUID,
  deserialize,
  serialize,
} from './bson.js';
import type { Document } from './bson.js';
import { Collection } from './collection.js';
import { findDocuments, matchDocuments } from './query.js';
import { STORE_BSON_OPTIONS } from './record-file.js';
import { fieldNames, fromStored, isEncoded, partialDocument, toStored } from './stored-form.js';
import { BLOB_MIN_BYTES } from './blobs.js';

/** A document as the store receives it: through the wire protocol's decoding. */
const fromWire = (doc: Document): Document =>
  deserialize(serialize(doc, { checkKeys: false }), STORE_BSON_OPTIONS);

function everyType(i: number): Document {
  return fromWire({
    _id: new ObjectId(),
    double: 1.5 + i,
    wholeDouble: new Double(2),
    negativeZero: -0,
    int32: 42 + i,
    largeNumber: 2 ** 40 + i,
    int64: Long.fromString('9007199254740993'),
    string: `héllo ✓ ${i}`,
    emptyString: '',
    nested: { a: { b: [1, 'two', { c: null }] } },
    array: [1, 2.5, 'x', [true, false], { d: new Date(1_700_000_000_000) }],
    emptyArray: [],
    binary: new Binary(Buffer.from([1, 2, 3, i & 0xff])),
    uuid: new UUID('6f3b2f36-6d3c-4e7a-9d2a-2a3f4b5c6d7e').toBinary(),
    objectId: new ObjectId('64b7f0c2a1b2c3d4e5f60718'),
    bool: i % 2 === 0,
    date: new Date(1_700_000_000_000 + i),
    nullValue: null,
    regex: /^a.c$/i,
    code: new Code('function () { return 1; }'),
    timestamp: new Timestamp({ t: 1_700_000_000, i: 7 }),
    decimal: Decimal128.fromString('1234.5678'),
    minKey: new MinKey(),
    maxKey: new MaxKey(),
    dbRef: new DBRef('other', new ObjectId('64b7f0c2a1b2c3d4e5f60719')),
  });
}

describe('documents kept as BSON bytes', () => {
  test('every BSON type comes back as the wire protocol decoded it', () => {
    const doc = everyType(3);
    const stored = toStored(doc);
    expect(isEncoded(stored)).toBe(true);
    const back = fromStored(stored);
    expect(back).toEqual(doc);
    expect(Object.keys(back)).toEqual(Object.keys(doc));
    expect(Object.is(back.negativeZero, -0)).toBe(Object.is(doc.negativeZero, -0));
    expect(back.int64).toBeInstanceOf(Long);
    expect(back.binary).toBeInstanceOf(Binary);
    expect(back.decimal).toBeInstanceOf(Decimal128);
    expect(back.date).toBeInstanceOf(Date);
    // a second decode is a new object: readers never share the stored copy
    expect(fromStored(stored)).not.toBe(back);
  });

  test('a partial decode gives each field as the whole decode does', () => {
    const doc = everyType(5);
    const stored = toStored(doc);
    if (!isEncoded(stored)) throw new Error('expected bytes');
    for (const key of Object.keys(doc)) {
      expect(partialDocument(stored, fieldNames([key])), key).toEqual({ [key]: doc[key] as unknown });
    }
    expect(partialDocument(stored, fieldNames(['date', 'missing', 'int32']))).toEqual({
      int32: doc.int32 as unknown,
      date: doc.date as unknown,
    });
  });

  test('a document with a large binary stays an object', () => {
    const doc = { _id: 1, data: new Binary(Buffer.alloc(BLOB_MIN_BYTES, 7)) };
    expect(toStored(doc)).toBe(doc);
  });

  test('a collection answers with the decoded documents, through inserts, replacements and removals', () => {
    const coll = new Collection('db', 'c', {}, { sink: () => undefined });
    coll.createIndex({ key: { int32: 1 }, name: 'int32_1' });
    const docs = Array.from({ length: 20 }, (_, i) => everyType(i));
    for (const doc of docs) coll.insert(doc);
    expect(coll.all()).toEqual(docs);

    const target = docs[4] ?? {};
    const replaced = { ...target, int32: 1000, string: 'replaced' };
    coll.replace(coll.candidates({ _id: target._id })[0] ?? {}, replaced);
    expect(coll.candidates({ int32: 46 })).toEqual([]);
    expect(coll.candidates({ int32: 1000 })).toEqual([replaced]);
    expect(coll.all()[4]).toEqual(replaced);

    coll.remove(docs[7] ?? {});
    expect(coll.count).toBe(19);
    expect(coll.candidates({ int32: 49 })).toEqual([]);
    expect(findDocuments(coll, { filter: { int32: { $gte: 60 } }, sort: { int32: -1 }, limit: 2 })).toEqual([
      replaced,
      docs[19],
    ]);
    expect(findDocuments(coll, { filter: {}, skip: 17 })).toEqual([docs[18], docs[19]]);
  });

  test('a scan decoding only the filtered fields selects what a scan of whole documents selects', () => {
    const coll = new Collection('db', 'c', {}, { sink: () => undefined });
    const docs = Array.from({ length: 60 }, (_, i) => everyType(i));
    for (const doc of docs) coll.insert(doc);
    const filters: Document[] = [
      { int32: 50 },
      { int32: { $in: [44, 45, 99] } },
      { date: { $gt: new Date(1_700_000_000_030) } },
      { bool: true, double: { $lt: 10 } },
      { $or: [{ int32: 43 }, { 'nested.a.b.1': 'two', int32: { $gte: 100 } }] },
      { 'array.4.d': { $exists: true }, int32: { $lt: 45 } },
      { string: { $regex: '✓ 1\\d$' } },
      { $nor: [{ bool: true }], int64: { $exists: true }, nullValue: null },
      { $expr: { $gt: ['$int32', 98] } },
      { missing: { $exists: false }, int32: 42 },
    ];
    for (const filter of filters) {
      const query = new Query(filter);
      const expected = docs.filter((d) => query.test(d)).map((d) => d.int32 as number);
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(
        matchDocuments(coll, filter).map((d) => d.int32 as number),
        JSON.stringify(filter),
      ).toEqual(expected);
    }
  });

  test('scans stay right through replacements and removals, and projections decode only what they keep', () => {
    const coll = new Collection('db', 'c', {}, { sink: () => undefined });
    const docs = Array.from({ length: 30 }, (_, i) => everyType(i));
    for (const doc of docs) coll.insert(doc);
    const newer = { date: { $gt: new Date(1_700_000_000_025) } };
    const int32s = (filter: Document) => matchDocuments(coll, filter).map((d) => d.int32 as number);
    expect(int32s(newer)).toEqual([68, 69, 70, 71]);
    // a replacement changes the scanned field; a removal takes a document out
    const first = coll.candidates({ _id: docs[0]?._id })[0] ?? {};
    coll.replace(first, { ...first, date: new Date(1_800_000_000_000), string: 'x'.repeat(100) });
    coll.remove(coll.candidates({ _id: docs[29]?._id })[0] ?? {});
    coll.insert({ _id: 'late', int32: 500, date: new Date(1_900_000_000_000) });
    coll.insert({ _id: 'undated', int32: 501 });
    expect(int32s(newer)).toEqual([42, 68, 69, 70, 500]);
    expect(int32s({ date: { $exists: false } })).toEqual([501]);
    expect(int32s({ string: 'x'.repeat(100) })).toEqual([42]);
    expect(int32s({ nested: { $exists: true }, int32: { $lt: 44 } })).toEqual([42, 43]);

    const projections: Document[] = [
      { _id: 1 },
      { _id: 0, int32: 1, date: 1 },
      { string: 1, missing: 1 },
      { double: 0 },
    ];
    for (const projection of projections) {
      const expected = coll.all().map((doc) => {
        const out: Document = {};
        const keepId = projection._id !== 0;
        const dropping = Object.values(projection).some((v) => v === 0) && projection.double === 0;
        for (const key of Object.keys(doc)) {
          if (key === '_id' ? keepId : dropping ? !(key in projection) : projection[key] === 1)
            out[key] = doc[key] as unknown;
        }
        return out;
      });
      expect(findDocuments(coll, { filter: {}, projection }), JSON.stringify(projection)).toEqual(expected);
    }
  });
});
