// wire-copy.ts gives what BSON gives: each value copied into the store (a command) and out of it
// (a reply) is, byte for byte, what serialize then deserialize gives with the wire's options, and
// shares no object with the original.
import { describe, expect, test } from 'vitest';
import { Binary, Decimal128, Long, ObjectId, UUID, deserialize, serialize, type Document } from './bson.js';
import { STORE_BSON_OPTIONS } from './record-file.js';
import { commandCopy, replyCopy } from './wire-copy.js';

const REPLY_OPTIONS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

const viaBsonIn = (doc: Document) =>
  deserialize(serialize(doc, { checkKeys: false, ignoreUndefined: false }), STORE_BSON_OPTIONS);
const viaBsonOut = (doc: Document) =>
  deserialize(serialize(doc, { checkKeys: false, ignoreUndefined: true }), REPLY_OPTIONS);

const bytes = (doc: Document) => Buffer.from(serialize(doc, { checkKeys: false }));

const sparse: unknown[] = [1];
sparse[3] = 4;

const VALUES: [string, unknown][] = [
  ['a string', 'Grüße, 世界'],
  ['an int32', 42],
  ['a double', 1.5],
  ['a large integer', 2 ** 40],
  ['negative zero', -0],
  ['NaN', Number.NaN],
  ['booleans', [true, false]],
  ['null', null],
  ['undefined', undefined],
  ['a date', new Date('2026-01-02T03:04:05.678Z')],
  ['an invalid date', new Date(Number.NaN)],
  ['an ObjectId', new ObjectId('65f0a1b2c3d4e5f601234567')],
  ['a Buffer', Buffer.from('bytes')],
  ['a Uint8Array', new Uint8Array([1, 2, 3])],
  ['a Binary', new Binary(Buffer.from([9, 8, 7]))],
  ['a Binary of another subtype', new Binary(Buffer.from('x'), 5)],
  ['a UUID', new UUID('8f0c8d3e-3a52-4a8f-9c1e-2b6c1f3d4e5a')],
  ['a Long that fits', Long.fromNumber(123)],
  ['a Long that does not', Long.fromString('9007199254740993')],
  ['a bigint', 5n],
  ['a Decimal128', Decimal128.fromString('1.10')],
  ['a RegExp', /a.c/i],
  ['a Map', new Map([['k', 1]])],
  ['a nested document', { a: { b: [1, { c: undefined, d: null }] }, e: {} }],
  ['an array with holes and undefined', [...sparse, undefined]],
  ['a function', () => 1],
  ['an array with a function', [1, () => 2, 3]],
  ['a document with a toBSON', { toBSON: () => ({ replaced: true }) }],
  ['keys that need no checking', { $set: 1, 'a.b': 2 }],
];

describe.each([
  ['into the store (a command)', commandCopy, viaBsonIn],
  ['out of the store (a reply)', replyCopy, viaBsonOut],
] as const)('a value copied %s', (_label, copy, viaBson) => {
  test.each(VALUES)('%s is what BSON gives', (_name, value) => {
    const doc = { v: value, after: 1 };
    const copied = copy(doc);
    const expected = viaBson(doc);
    expect(copied).toEqual(expected);
    expect(bytes(copied).equals(bytes(expected))).toBe(true);
  });

  test('shares no object with the original', () => {
    const doc = { nested: { list: [{ x: 1 }] }, at: new Date(0), data: new Binary(Buffer.from([1])) };
    const copied = copy(doc);
    expect(copied.nested).not.toBe(doc.nested);
    expect(copied.nested.list).not.toBe(doc.nested.list);
    expect(copied.at).not.toBe(doc.at);
    expect(copied.data).not.toBe(doc.data);
    (copied.data as Binary).buffer[0] = 2;
    expect(doc.data.buffer[0]).toBe(1);
  });
});
