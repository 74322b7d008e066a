// Range lookups through a single-field index: `$gt`/`$gte`/`$lt`/`$lte` (alone or paired) on
// dates, numbers and strings select exactly the documents a full scan selects, in natural order,
// through inserts, replacements and removals; values of mixed kinds, null, missing fields or
// arrays make the collection scan instead (docs/performance.md, "Range lookups in the embedded store").
import type { Document } from './bson.js';
import { Query } from 'mingo';
import { describe, expect, test } from 'vitest';
import { Collection } from './collection.js';
import { viaIndex, viaScan } from '../../../test/helpers/collection-lookups.js';
import { findDocuments } from './query.js';
import type { FindSpec } from './query.js';

function indexed(field: string): Collection {
  const coll = new Collection('db', 'c', {}, { sink: () => undefined });
  coll.createIndex({ key: { [field]: 1 }, name: `${field}_1` });
  return coll;
}

/** Every operator alone and every low/high pair around each of `points`. */
function rangeFilters(field: string, points: unknown[]): Document[] {
  const out: Document[] = [];
  for (const a of points) {
    for (const op of ['$gt', '$gte', '$lt', '$lte']) out.push({ [field]: { [op]: a } });
    for (const b of points) {
      for (const low of ['$gt', '$gte'])
        for (const high of ['$lt', '$lte']) out.push({ [field]: { [low]: a, [high]: b } });
    }
  }
  return out;
}

const kinds: Array<{ name: string; value: (i: number) => unknown; points: unknown[] }> = [
  {
    name: 'dates',
    value: (i) => new Date(Date.UTC(2026, 0, 1) + (i % 37) * 3_600_000),
    points: [-1, 0, 5, 17, 36, 40].map((h) => new Date(Date.UTC(2026, 0, 1) + h * 3_600_000)),
  },
  {
    name: 'numbers',
    value: (i) => ((i % 23) - 11) * 1.5,
    points: [-20, -16.5, -1.5, 0, 0.75, 3, 15, 16.5, 40],
  },
  {
    name: 'strings',
    value: (i) => `pkg-${String.fromCharCode(97 + (i % 19))}${i % 3 === 0 ? '-x' : ''}`,
    points: ['', 'pkg-', 'pkg-a', 'pkg-c-x', 'pkg-k', 'pkg-s', 'pkg-s-x', 'q'],
  },
];

describe('range lookups through a single-field index', () => {
  for (const kind of kinds) {
    test(`${kind.name}: every operator and pair returns what the scan returns, through writes`, () => {
      const coll = indexed('v');
      for (let i = 0; i < 200; i++) coll.insert({ _id: i, v: kind.value(i) });
      const filters = rangeFilters('v', kind.points);
      const check = () => {
        for (const filter of filters)
          expect(viaIndex(coll, filter), JSON.stringify(filter)).toEqual(viaScan(coll, filter));
      };
      check();
      // the index answered: candidates are fewer than all documents for a narrow range
      expect(coll.candidates({ v: { $gte: kind.points[2], $lte: kind.points[2] } }).length).toBeLessThan(
        coll.count,
      );

      for (let i = 0; i < 200; i += 7) {
        const current = coll.candidates({ _id: i })[0];
        if (current) coll.replace(current, { _id: i, v: kind.value(i * 5 + 1), w: i });
      }
      for (let i = 0; i < 200; i += 9) {
        const current = coll.candidates({ _id: i })[0];
        if (current) coll.remove(current);
      }
      for (let i = 200; i < 260; i++) coll.insert({ _id: i, v: kind.value(i * 3) });
      check();
      // replay writes (journal recovery) keep the ordered keys as well
      coll.put({ _id: 1000, v: kind.value(11) });
      coll.put({ _id: 1, v: kind.value(12) });
      coll.delete(2);
      check();
    });
  }

  test('an index added over documents replayed from a journal or snapshot answers ranges', () => {
    const coll = new Collection('db', 'c', {}, { sink: () => undefined });
    for (let i = 0; i < 100; i++) coll.put({ _id: i, at: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    coll.addIndex({ v: 2, key: { at: 1 }, name: 'at_1' });
    coll.put({ _id: 100, at: new Date(Date.UTC(2026, 0, 1, 0, 50)) });
    coll.delete(51);
    const filter = {
      at: { $gt: new Date(Date.UTC(2026, 0, 1, 0, 49)), $lte: new Date(Date.UTC(2026, 0, 1, 0, 52)) },
    };
    expect(viaIndex(coll, filter)).toEqual([50, 52, 100]);
    expect(viaIndex(coll, filter)).toEqual(viaScan(coll, filter));
    expect(coll.candidates(filter).length).toBe(3);
  });

  test('values of mixed kinds, null, missing fields and arrays fall back to the scan', () => {
    const coll = indexed('v');
    for (let i = 0; i < 50; i++) coll.insert({ _id: i, v: i });
    const filter = { v: { $gte: 10, $lt: 20 } };
    expect(coll.candidates(filter).length).toBe(10);

    const odd: Document[] = [
      { _id: 100, v: '15' },
      { _id: 101, v: null },
      { _id: 102 },
      { _id: 103, v: [5, 25] },
      { _id: 104, v: new Date(15) },
      { _id: 105, v: [] },
    ];
    for (const doc of odd) {
      coll.insert(doc);
      expect(coll.candidates(filter).length).toBe(coll.count);
      for (const f of [...rangeFilters('v', [0, 10, 15, 25]), { v: { $gte: 5, $lte: 3 } }])
        expect(viaIndex(coll, f), JSON.stringify(f)).toEqual(viaScan(coll, f));
      coll.remove(doc);
      expect(coll.candidates(filter).length).toBe(10);
    }
    // a bound of another kind than the values scans too
    expect(coll.candidates({ v: { $gte: '10' } }).length).toBe(coll.count);
    expect(viaIndex(coll, { v: { $gte: '10' } })).toEqual(viaScan(coll, { v: { $gte: '10' } }));
  });

  test('sort, skip and limit over range candidates stay right', () => {
    const coll = indexed('n');
    const plain = new Collection('db', 'plain', {}, { sink: () => undefined });
    for (let i = 0; i < 120; i++) {
      const doc = { _id: i, n: (i * 37) % 101, g: i % 4 };
      coll.insert(doc);
      plain.insert(doc);
    }
    const filter = { n: { $gt: 20, $lte: 80 }, g: { $ne: 1 } };
    expect(coll.candidates(filter).length).toBeLessThan(coll.count);
    const specs: FindSpec[] = [
      { filter, sort: { n: -1 }, skip: 5, limit: 10 },
      { filter, sort: { g: 1, n: 1 }, limit: 7 },
      { filter, skip: 3, limit: 4 },
      { filter, sort: { $natural: -1 }, limit: 5, projection: { n: 1 } },
    ];
    for (const spec of specs) {
      const got = findDocuments(coll, spec);
      expect(got, JSON.stringify(spec)).toEqual(findDocuments(plain, spec));
      expect(got.length).toBeGreaterThan(0);
    }
    const query = new Query(filter);
    const byHand = plain
      .all()
      .filter((d) => query.test(d))
      .sort((a, b) => (b.n as number) - (a.n as number))
      .slice(5, 15);
    expect(findDocuments(coll, specs[0] ?? {})).toEqual(byHand);
  });
});
