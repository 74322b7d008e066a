// Large binary values live on disk, not in memory. A top-level Binary field of at least
// BLOB_MIN_BYTES (a GridFS chunk, an inline artifact) is written to a file of its own under
// `blobs/` when its document is stored; the stored document keeps a getter in its place that
// reads the file (length and CRC-32 checked) each time the value is used, so every reader (the
// query engine, updates, cursors, replies) sees the real bytes without the store holding them.
// The journal and the snapshot carry only the reference ({ f, id, n, crc, t } in a put op's `b`
// list, with `null` in the field's place): artifacts are never rewritten by compaction and never
// loaded at start-up.
//
// Durability follows the journal: a new blob file is fdatasync'ed (and the directory fsync'ed)
// before the journal record that refers to it is written, and a blob that leaves the store is
// unlinked only after the record removing it is on disk. Files that no document refers to after
// recovery (a crash between the two steps) are deleted when the store opens.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Binary } from './bson.js';
import type { Document } from './bson.js';
import { cloneValue, toNumber } from './bson-values.js';
import { datasyncFile, fsyncDirAsync } from './durable-fs.js';

/** Binary values at least this large are kept in blob files. */
export const BLOB_MIN_BYTES = 16 * 1024;

export interface BlobRef {
  readonly id: string;
  readonly length: number;
  readonly crc: number;
  readonly subtype: number;
}

/** The blob references (field name -> reference) of stored documents with blob fields. */
const refsOf = new WeakMap<Document, ReadonlyMap<string, BlobRef>>();

export function blobRefs(doc: Document): ReadonlyMap<string, BlobRef> | undefined {
  return refsOf.get(doc);
}

/** A document as the journal writes it: blob fields as `null`, their references in `b`. */
export interface JournalForm {
  doc: Document;
  b?: Document[];
}

export function journalForm(doc: Document): JournalForm {
  const refs = refsOf.get(doc);
  if (!refs) return { doc };
  const plain: Document = {};
  for (const key of Object.keys(doc)) plain[key] = refs.has(key) ? null : (doc[key] as unknown);
  const b = Array.from(refs, ([f, r]) => ({ f, id: r.id, n: r.length, crc: r.crc, t: r.subtype }));
  return { doc: plain, b };
}

/**
 * A plain copy of a stored document with its blob fields read from disk, for a reply. Undefined
 * when a blob file is gone: the document was removed after the cursor holding it was opened.
 */
export function materialize(doc: Document): Document | undefined {
  const refs = refsOf.get(doc);
  if (!refs) return doc;
  const out: Document = {};
  try {
    for (const key of Object.keys(doc)) out[key] = doc[key] as unknown;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return out;
}

/**
 * A copy of a stored document for an operator or a reply: the fields `keep` accepts (all by
 * default), in document order, each value copied by `copyValue` (shared by default). Blob fields
 * stay unread getters (deletable ones) until something uses them.
 */
function copyStored(
  doc: Document,
  keep: (key: string) => boolean = () => true,
  copyValue: <T>(value: T) => T = (value) => value,
): Document {
  const refs = refsOf.get(doc);
  const out: Document = {};
  const kept = new Map<string, BlobRef>();
  for (const key of Object.keys(doc)) {
    if (!keep(key)) continue;
    const ref = refs?.get(key);
    const descriptor = ref && Object.getOwnPropertyDescriptor(doc, key);
    if (ref && descriptor?.get) {
      // the getter is a closure over its blob: it may move to the copy as it is
      Object.defineProperty(out, key, { ...descriptor, enumerable: true, configurable: true });
      kept.set(key, ref);
    } else {
      out[key] = copyValue(doc[key] as unknown);
    }
  }
  if (kept.size) refsOf.set(out, kept);
  return out;
}

/** A private deep copy of a stored document, for operators that may modify their input. */
export const cloneStored = (doc: Document): Document => copyStored(doc, undefined, cloneValue);

/** The fields of a stored document that `keep` accepts (a top-level projection). */
export const pickFields = (doc: Document, keep: (key: string) => boolean): Document => copyStored(doc, keep);

function isLargeBinary(value: unknown): value is Binary {
  return value instanceof Binary && value.position >= BLOB_MIN_BYTES;
}

const BLOB_ID = /^[0-9a-f]{32}$/;

export class BlobStore {
  readonly dir: string;
  /** ids of blob files written but not yet fdatasync'ed */
  private unsynced: string[] = [];
  /** ids of blobs whose documents left the store, to unlink once that is durable */
  private released: string[] = [];

  constructor(dir: string) {
    this.dir = dir;
    fs.mkdirSync(dir, { recursive: true });
  }

  /**
   * The document to store for `doc`: `doc` itself when it has no large binary field, else a new
   * object (same field order) whose large binaries are written to blob files.
   */
  externalize(doc: Document): Document {
    const held = refsOf.get(doc);
    // fields already in blob files are not read back to be looked at
    const inline = Object.keys(doc).filter(
      (key) => key !== '_id' && !held?.has(key) && isLargeBinary(doc[key]),
    );
    if (inline.length === 0) return doc;
    const refs = new Map(held);
    for (const key of inline) refs.set(key, this.write(doc[key] as Binary));
    return this.stored(doc, refs);
  }

  /** Rebuilds a stored document from its journal form (no file is read). */
  fromJournal(doc: Document, b: unknown): Document {
    if (!Array.isArray(b) || b.length === 0) return doc;
    const refs = new Map<string, BlobRef>();
    for (const entry of b as Document[]) {
      const id = String(entry.id);
      if (!BLOB_ID.test(id)) throw new Error(`embedded store: bad blob reference ${JSON.stringify(id)}`);
      refs.set(String(entry.f), {
        id,
        length: toNumber(entry.n),
        crc: toNumber(entry.crc),
        subtype: toNumber(entry.t),
      });
    }
    return this.stored(doc, refs);
  }

  /** Reads one blob, checking its length and CRC-32. */
  read(ref: BlobRef): Binary {
    const bytes = fs.readFileSync(this.file(ref.id));
    if (bytes.length !== ref.length || crc32(bytes) !== ref.crc) {
      throw new Error(
        `embedded store: blob ${ref.id} is damaged (${bytes.length} bytes, expected ${ref.length} with CRC-32 ${ref.crc})`,
      );
    }
    return new Binary(bytes, ref.subtype);
  }

  /** Marks the blobs of `doc` not kept by `next` as released (unlinked after the next commit). */
  release(doc: Document, next?: Document): void {
    const refs = refsOf.get(doc);
    if (!refs) return;
    const kept = next ? refsOf.get(next) : undefined;
    const keptIds = new Set(Array.from(kept?.values() ?? [], (r) => r.id));
    for (const ref of refs.values()) if (!keptIds.has(ref.id)) this.released.push(ref.id);
  }

  /** Ids of the files written since the last call (see `syncFiles`). */
  takeUnsynced(): string[] {
    const ids = this.unsynced;
    this.unsynced = [];
    return ids;
  }

  /** Blob ids released since the last call (see `unlink`). */
  takeReleased(): string[] {
    const ids = this.released;
    this.released = [];
    return ids;
  }

  /** Makes the given new files and their directory entries durable. */
  async syncFiles(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await Promise.all(ids.map((id) => datasyncFile(this.file(id))));
    await fsyncDirAsync(this.dir);
  }

  /** Deletes released blob files (a file left behind is removed at the next start). */
  async unlink(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => fs.promises.rm(this.file(id), { force: true }).catch(() => undefined)));
  }

  /** Deletes every file of the blob directory that is not in `referenced`. */
  sweep(referenced: ReadonlySet<string>): void {
    for (const name of fs.readdirSync(this.dir))
      if (!referenced.has(name)) fs.rmSync(this.file(name), { force: true, recursive: true });
  }

  private file(id: string): string {
    return path.join(this.dir, id);
  }

  private write(value: Binary): BlobRef {
    const bytes = value.buffer.subarray(0, value.position);
    const id = randomBytes(16).toString('hex');
    const fd = fs.openSync(this.file(id), 'wx');
    try {
      for (let offset = 0; offset < bytes.length;) {
        offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
      }
    } catch (err) {
      fs.rmSync(this.file(id), { force: true });
      throw err;
    } finally {
      fs.closeSync(fd);
    }
    this.unsynced.push(id);
    return { id, length: bytes.length, crc: crc32(bytes), subtype: value.sub_type };
  }

  /** `doc` as stored: the fields in `refs` become getters reading their blob files. */
  private stored(doc: Document, refs: ReadonlyMap<string, BlobRef>): Document {
    const out: Document = {};
    for (const key of Object.keys(doc)) {
      const ref = refs.get(key);
      if (ref) Object.defineProperty(out, key, { enumerable: true, get: () => this.read(ref) });
      else out[key] = doc[key] as unknown;
    }
    refsOf.set(out, refs);
    return out;
  }
}
