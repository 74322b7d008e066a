// Short strings repeat across stored documents: namespaces, versions, the words of the search
// fields, media types, key ids, field values like "tar.gz". Each document the store receives
// comes off the wire with its own copies, so 10,000 versions of "1.0.0" were 10,000 strings. A
// stored document keeps one shared instance of each short string instead (docs/performance.md,
// "Server memory"): a reader sees a string's content, never its identity, so sharing changes no
// answer. Long strings (hashes, signatures, descriptions) are mostly unique and stay as they are.
// The table is bounded: when it is full it starts again, which only ends sharing with the
// strings seen before.
import type { Document } from './bson.js';
import { isPlainObject } from './bson-values.js';

/** Strings up to this many UTF-16 units are shared. */
export const SHARED_STRING_MAX_LENGTH = 40;
/** Distinct strings the table holds before it starts again. */
const TABLE_SIZE = 100_000;

const table = new Map<string, string>();

function shared(s: string): string {
  if (s.length > SHARED_STRING_MAX_LENGTH) return s;
  const found = table.get(s);
  if (found !== undefined) return found;
  if (table.size >= TABLE_SIZE) table.clear();
  table.set(s, s);
  return s;
}

function shareIn(value: unknown): unknown {
  if (typeof value === 'string') return shared(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = shareIn(value[i]);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) value[key] = shareIn(value[key]);
  }
  return value;
}

/**
 * Replaces, in place, the short strings of a document about to be stored by their shared
 * instances. Top-level fields with a getter (a blob read from its file, blobs.ts) are left alone:
 * their value is binary, and reading it would read the file.
 */
export function shareStrings(doc: Document): Document {
  for (const key of Object.keys(doc)) {
    const descriptor = Object.getOwnPropertyDescriptor(doc, key);
    if (!descriptor || descriptor.get || !descriptor.writable) continue;
    doc[key] = shareIn(descriptor.value);
  }
  return doc;
}
