// A value copied as the wire copies it, without encoding it (docs/performance.md, "Publish, third
// pass: the store path"): what `deserialize(serialize(value))` gives, for the store's in-process
// commands (server.ts, `run`). A command goes in as the driver encodes it (undefined as null) and
// the store decodes it (int64 kept as Long); a reply comes out as the driver decodes it (an int64
// that fits a double as a number). Plain documents, arrays, strings, numbers, booleans, null,
// dates, ObjectIds and binary values are copied here; any other value (a Long, a Decimal128, a
// RegExp, a Map, a class instance, an invalid date, a function…) goes through BSON itself, so the
// copy never differs from the wire's (wire-copy.test.ts compares them byte for byte).
import { Binary, Long, ObjectId, deserialize, serialize } from './bson.js';
import type { Document } from './bson.js';
import { STORE_BSON_OPTIONS } from './record-file.js';

/** How the driver decodes a reply (its defaults): an int64 that fits as a number, binary values as Binary. */
const REPLY_BSON_OPTIONS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

/** Which way the copy goes: into the store (a command), or out of it (a reply). */
type Direction = 'in' | 'out';

/** The value through BSON itself, as the wire carries it. */
function throughBson(value: unknown, direction: Direction): unknown {
  const doc = serialize({ v: value }, { checkKeys: false, ignoreUndefined: direction === 'out' });
  return deserialize(doc, direction === 'in' ? STORE_BSON_OPTIONS : REPLY_BSON_OPTIONS).v;
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function copyBytes(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

function copyValue(value: unknown, direction: Direction): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'undefined':
      return null; // dropped from a document by copyDocument when the direction drops it
    case 'object':
      break;
    default:
      return throughBson(value, direction);
  }
  if (value === null) return null;
  if (Array.isArray(value)) return copyArray(value as unknown[], direction);
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? throughBson(value, direction) : new Date(value.getTime());
  if (value instanceof ObjectId) return new ObjectId(value.id);
  if (value instanceof Binary && value.sub_type === Binary.SUBTYPE_DEFAULT)
    return new Binary(copyBytes(value.value()), Binary.SUBTYPE_DEFAULT);
  if (value instanceof Uint8Array && direction === 'in')
    return new Binary(copyBytes(value), Binary.SUBTYPE_DEFAULT);
  if (value instanceof Long && direction === 'out') return throughBson(value, direction);
  if (isPlain(value) && !('toBSON' in value) && !('_bsontype' in value))
    return copyDocument(value, direction);
  return throughBson(value, direction);
}

/** An array as BSON carries it: every index, a missing or undefined item as null. */
function copyArray(items: unknown[], direction: Direction): unknown {
  const copy = new Array<unknown>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === 'function' || typeof item === 'symbol') return throughBson(items, direction);
    copy[i] = copyValue(item, direction);
  }
  return copy;
}

function copyDocument(doc: Document, direction: Direction): Document {
  const copy: Document = {};
  for (const key of Object.keys(doc)) {
    const value: unknown = doc[key];
    if (key === '__proto__' || typeof value === 'function' || typeof value === 'symbol') {
      return throughBson(doc, direction) as Document;
    }
    if (value === undefined && direction === 'out') continue;
    copy[key] = copyValue(value, direction);
  }
  return copy;
}

/** A command as the store reads it off the wire from the driver. */
export const commandCopy = (command: Document): Document => copyDocument(command, 'in');

/** A reply as the driver reads it off the wire from the store. */
export const replyCopy = (reply: Document): Document => copyDocument(reply, 'out');
