// Index lookups of a collection: equality on every field of an index or on the leading fields
// of a compound index (as mongod uses a prefix) selects exactly the documents a full scan
// selects, in natural order, through inserts, replacements and removals, multikey values and
// missing fields.
import type { Document } from './bson.js';
import { describe, expect, test } from 'vitest';
import { Collection } from './collection.js';
import { viaIndex, viaScan } from '../../../test/helpers/collection-lookups.js';

function collectionWith(docs: Document[]): Collection {
  const coll = new Collection('db', 'c', {}, { sink: () => undefined });
  coll.createIndex({ key: { a: 1, b: 1, c: 1 }, name: 'a_1_b_1_c_1' });
  coll.createIndex({ key: { files_id: 1, n: 1 }, name: 'files_id_1_n_1', unique: true });
  for (const doc of docs) coll.insert(doc);
  return coll;
}

function sample(): Document[] {
  const docs: Document[] = [];
  for (let i = 0; i < 300; i++) {
    const doc: Document = {
      _id: i,
      a: `ns-${i % 7}`,
      c: i % 3,
      files_id: `f${i % 10}`,
      n: Math.floor(i / 10),
    };
    if (i % 11 === 0) doc.b = [`x${i % 4}`, `y${i % 5}`];
    else if (i % 13 !== 0) doc.b = `x${i % 4}`;
    docs.push(doc);
  }
  return docs;
}

const filters: Document[] = [
  { a: 'ns-3' },
  { a: 'ns-3', b: 'x1' },
  { a: 'ns-3', b: 'y2' },
  { a: 'ns-3', b: null },
  { a: 'ns-3', b: 'x1', c: 2 },
  { a: { $in: ['ns-1', 'ns-2'] } },
  { a: { $eq: 'ns-4' }, b: { $in: ['x0', 'y4'] } },
  { a: 'ns-5', c: 1 },
  { files_id: 'f3' },
  { files_id: { $eq: 'f7' }, n: { $gte: 10 } },
  { files_id: 'f7', n: 12 },
  { b: 'x1' },
];

describe('index lookups', () => {
  test.each(filters)('%j selects what a full scan selects, in natural order', (filter) => {
    const coll = collectionWith(sample());
    expect(viaIndex(coll, filter)).toEqual(viaScan(coll, filter));
  });

  test('equality on leading fields reads only the matching documents', () => {
    const coll = collectionWith(sample());
    expect(coll.candidates({ a: 'ns-3' })).toHaveLength(viaScan(coll, { a: 'ns-3' }).length);
    expect(coll.candidates({ files_id: 'f3' })).toHaveLength(30);
    expect(coll.candidates({ b: 'x1' })).toHaveLength(300);
  });

  test('stays exact through replacements and removals', () => {
    const coll = collectionWith(sample());
    for (const doc of coll.all().filter((d) => (d._id as number) % 4 === 0)) {
      coll.replace(doc, { ...doc, a: 'ns-3', b: ['x1', 'x1', 'z'] });
    }
    for (const doc of coll.all().filter((d) => (d._id as number) % 5 === 0)) coll.remove(doc);
    for (const filter of filters) expect(viaIndex(coll, filter)).toEqual(viaScan(coll, filter));
  });

  test('a unique compound index still refuses a duplicate key', () => {
    const coll = collectionWith(sample());
    expect(() => coll.insert({ _id: 1000, files_id: 'f3', n: 3 })).toThrow(/E11000/);
    coll.remove({ _id: 3 });
    expect(coll.insert({ _id: 1000, files_id: 'f3', n: 0 })._id).toBe(1000);
  });
});
