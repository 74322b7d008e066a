// The common update without mingo (update-simple.ts) gives what mingo's updateOne gives, key order
// included, and leaves every other update to mingo.
import { updateOne } from 'mingo';
import type { Modifier } from 'mingo/updater';
import { describe, expect, it } from 'vitest';
import type { Document } from './bson.js';
import { cloneValue } from './bson-values.js';
import { applySimpleUpdate } from './update-simple.js';

const at = new Date('2026-01-02T03:04:05Z');
const stored = (): Document => ({
  _id: 'p1',
  namespace: 'acme',
  name: 'tool',
  revision: 4,
  latest: '1.0.0',
  search: { version: '1.0.0', name: ['acme'], permissions: { fs: { read: [] } }, verified: false },
  updatedAt: new Date(0),
});

/** mingo's result for the same update, on another copy. */
function viaMingo(doc: Document, modifier: Document, filter: Document): Document {
  const docs = [cloneValue(doc)];
  updateOne(docs, filter, modifier as Modifier<Document>, { arrayFilters: [] });
  return docs[0] ?? {};
}

/** Equal, with the same keys in the same order at every level. */
const ordered = (doc: unknown): string => JSON.stringify(doc);

describe('applySimpleUpdate', () => {
  it.each([
    [
      'a summary refresh',
      {
        $inc: { revision: 1 },
        $set: { latest: '1.1.0', updatedAt: at, search: { version: '1.1.0', name: [], verified: true } },
      },
    ],
    ['new fields (set last, in order)', { $set: { b: 1, a: [1, { c: null }], description: '' } }],
    ['an equal value left in place', { $set: { latest: '1.0.0', updatedAt: new Date(0) } }],
    ['$inc of a missing field', { $inc: { downloads: 3 } }],
    ['$inc before $set', { $inc: { revision: -2 }, $set: { x: true } }],
  ])('gives what mingo gives: %s', (_, modifier) => {
    const filter = { namespace: 'acme', name: 'tool' };
    const simple = applySimpleUpdate(cloneValue(stored()), modifier, filter);
    expect(simple).toBeDefined();
    expect(ordered(simple)).toBe(ordered(viaMingo(stored(), modifier, filter)));
  });

  it('applies to the seed of an upsert (no filter)', () => {
    const seed = { namespace: 'acme', name: 'new' };
    const modifier = { $inc: { revision: 1 }, $set: { id: '@acme/new', createdAt: at, latest: '1.0.0' } };
    const simple = applySimpleUpdate(cloneValue(seed), modifier);
    expect(ordered(simple)).toBe(ordered(viaMingo(seed, modifier, {})));
  });

  it.each([
    ['a dotted path', { $set: { 'search.version': '2' } }],
    ['a positional path', { $set: { 'tags.$': 'x' } }],
    ['another operator', { $unset: { latest: '' } }],
    ['a field named twice', { $inc: { revision: 1 }, $set: { revision: 0 } }],
    ['_id', { $set: { _id: 'p2' } }],
    ['a value of another kind', { $set: { latest: new Uint8Array(2) } }],
    ['$inc of a string', { $inc: { latest: 1 } }],
    ['$inc by a string', { $inc: { revision: '1' } }],
    ['a dollar field', { $set: { $where: 1 } }],
  ])('leaves to mingo %s', (_, modifier) => {
    const copy = cloneValue(stored());
    expect(applySimpleUpdate(copy, modifier, { namespace: 'acme' })).toBeUndefined();
    expect(ordered(copy)).toBe(ordered(stored()));
  });

  it.each([
    ['an operator in the filter', { revision: { $gt: 1 } }],
    ['a dotted filter', { 'search.version': '1.0.0' }],
    ['a filter the document does not meet by equality', { namespace: 'other' }],
  ])('leaves to mingo %s', (_, filter) => {
    expect(applySimpleUpdate(cloneValue(stored()), { $set: { latest: '2' } }, filter)).toBeUndefined();
  });
});
