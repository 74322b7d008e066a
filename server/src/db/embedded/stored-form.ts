// How a collection holds a document: as its BSON bytes
// (docs/performance.md, "Memory, third pass: a smaller live heap"). A decoded document is an object per sub-document and a string or an
// object per value, four to five times the size of its BSON; the bytes are one buffer outside
// the JavaScript heap, which the garbage collector does not walk. A read decodes the documents it
// returns; a scan that tests a filter decodes only the top-level fields the filter names
// (`partialDocument`), and the whole document only when it matches.
//
// Decoding uses the options the wire protocol and the journal use (STORE_BSON_OPTIONS), and
// encoding the journal's (undefined values left out), so a decoded document holds the values and
// types a document replayed from the journal holds. A document with a blob field (blobs.ts: a
// getter that reads the file) or a large binary still inline (a data directory written before
// blob files, until `externalizeInline` moves it) stays an object.
import { Binary, deserialize } from './bson.js';
import type { Document } from './bson.js';
import { blobRefs, BLOB_MIN_BYTES } from './blobs.js';
import { serializeDocument, STORE_BSON_OPTIONS } from './record-file.js';

/** A stored document: its BSON bytes, or the object itself (documents with blob fields). */
export type Stored = Document | Buffer;

export function isEncoded(stored: Stored): stored is Buffer {
  return Buffer.isBuffer(stored);
}

/** The form to store `doc` in. */
export function toStored(doc: Document): Stored {
  if (blobRefs(doc)) return doc;
  for (const key in doc) {
    const value: unknown = doc[key];
    if (value instanceof Binary && value.position >= BLOB_MIN_BYTES) return doc;
  }
  const bytes = serializeDocument(doc);
  // a buffer of its own: a small one from Buffer's shared 8 KiB pool would keep the whole slab
  // (and whatever short-lived buffers share it) alive for as long as the document is stored
  const own = Buffer.allocUnsafeSlow(bytes.length);
  own.set(bytes);
  return own;
}

/** A document as readers see it: a new object decoded from the bytes (or the stored object). */
export function fromStored(stored: Stored): Document {
  return isEncoded(stored) ? deserialize(stored, STORE_BSON_OPTIONS) : stored;
}

/** Bytes a stored document takes as BSON (collStats, dbStats). */
export function storedSize(stored: Stored, objectSize: (doc: Document) => number): number {
  return isEncoded(stored) ? stored.length : objectSize(stored);
}

/** Top-level field names, as UTF-8 bytes, that a partial decode looks for. */
export interface FieldNames {
  readonly names: readonly string[];
  readonly bytes: readonly Buffer[];
}

export function fieldNames(names: Iterable<string>): FieldNames {
  const list = Array.from(new Set(names));
  return { names: list, bytes: list.map((name) => Buffer.from(name, 'utf8')) };
}

/**
 * The top-level fields a filter reads (a path `a.b.c` reads `a`), or undefined when the filter
 * may read the whole document (`$where`, `$expr`, `$text`, `$jsonSchema` …).
 */
export function filterFields(filter: Document): Set<string> | undefined {
  const out = new Set<string>();
  const walk = (f: Document): boolean => {
    for (const key of Object.keys(f)) {
      if (key === '$and' || key === '$or' || key === '$nor') {
        const parts: unknown = f[key];
        if (!Array.isArray(parts)) return false;
        for (const part of parts) {
          if (part === null || typeof part !== 'object' || Array.isArray(part)) return false;
          if (!walk(part as Document)) return false;
        }
      } else if (key === '$comment') {
        continue;
      } else if (key.startsWith('$')) {
        return false;
      } else {
        out.add(key.split('.')[0] ?? key);
      }
    }
    return true;
  };
  return walk(filter) ? out : undefined;
}

/**
 * The fields of `wanted` present in the BSON document `bytes`, decoded, in document order; the
 * others are skipped without being decoded. Undefined for an element type it does not know.
 */
export function partialDocument(bytes: Buffer, wanted: FieldNames): Document | undefined {
  const out: Document = {};
  const end = bytes.length - 1;
  let found = 0;
  let pos = 4;
  while (pos < end && found < wanted.names.length) {
    const type = bytes[pos] ?? 0;
    const nameStart = pos + 1;
    let nameEnd = nameStart;
    while (bytes[nameEnd] !== 0) nameEnd++;
    const valueStart = nameEnd + 1;
    const size = valueSize(bytes, type, valueStart);
    if (size < 0) return undefined;
    const valueEnd = valueStart + size;
    const index = nameIndex(bytes, nameStart, nameEnd, wanted.bytes);
    if (index >= 0) {
      const name = wanted.names[index] ?? '';
      out[name] = decodeValue(bytes, type, pos, valueStart, valueEnd);
      found++;
    }
    pos = valueEnd;
  }
  return out;
}

function nameIndex(bytes: Buffer, start: number, end: number, names: readonly Buffer[]): number {
  const length = end - start;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (!name || name.length !== length) continue;
    let same = true;
    for (let j = 0; j < length; j++) {
      if (bytes[start + j] !== name[j]) {
        same = false;
        break;
      }
    }
    if (same) return i;
  }
  return -1;
}

/** Bytes of an element's value after its name; -1 for an unknown type. */
function valueSize(bytes: Buffer, type: number, at: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // UTC datetime
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return 4 + bytes.readInt32LE(at);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return bytes.readInt32LE(at);
    case 0x05: // binary
      return 5 + bytes.readInt32LE(at);
    case 0x06: // undefined
    case 0x0a: // null
    case 0xff: // min key
    case 0x7f: // max key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regular expression: two C strings
      let p = at;
      while (bytes[p] !== 0) p++;
      p++;
      while (bytes[p] !== 0) p++;
      return p + 1 - at;
    }
    case 0x0c: // DBPointer
      return 4 + bytes.readInt32LE(at) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      return -1;
  }
}

/** One element's value, as `deserialize` with STORE_BSON_OPTIONS gives it. */
function decodeValue(bytes: Buffer, type: number, elementStart: number, at: number, end: number): unknown {
  switch (type) {
    case 0x01:
      return bytes.readDoubleLE(at);
    case 0x02:
      return bytes.toString('utf8', at + 4, end - 1);
    case 0x08:
      return bytes[at] === 1;
    case 0x09:
      return new Date(Number(bytes.readBigInt64LE(at)));
    case 0x0a:
      return null;
    case 0x10:
      return bytes.readInt32LE(at);
    default: {
      // anything else: a one-field document around the element, decoded by bson
      const element = bytes.subarray(elementStart, end);
      const wrapper = Buffer.allocUnsafe(element.length + 5);
      wrapper.writeInt32LE(element.length + 5, 0);
      element.copy(wrapper, 4);
      wrapper[wrapper.length - 1] = 0;
      const doc = deserialize(wrapper, STORE_BSON_OPTIONS);
      for (const key in doc) return doc[key] as unknown;
      return undefined;
    }
  }
}
