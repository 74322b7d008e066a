// One collection held in memory: documents keyed by canonical _id, its secondary indexes, and
// the mutations (insert / replace / remove / index changes) that check unique constraints before
// touching anything and report each change to the journal sink.
import { ObjectId, UUID } from './bson.js';
import type { Document } from './bson.js';
import { CommandError } from './errors.js';
import { Index, normalizeIndexSpec, sameIndexOptions, sameKeyPattern } from './indexes.js';
import type { IndexKey, IndexSpec, Range } from './indexes.js';
import { equalityOperands, formatValue, isPlainObject, valueKey } from './bson-values.js';
import { journalForm } from './blobs.js';
import { shareStrings } from './shared-strings.js';
import type { BlobStore } from './blobs.js';
import { fieldNames, fromStored, isEncoded, partialDocument, toStored } from './stored-form.js';
import { ScanColumns } from './scan-columns.js';
import type { Stored } from './stored-form.js';

/** A journal operation emitted by a mutation (replayed verbatim on recovery). */
export type JournalOp = Document;
export type OpSink = (op: JournalOp) => void;

/** Where a collection reports its changes, and where it keeps large binary values (if anywhere). */
export interface CollectionEnv {
  sink: OpSink;
  blobs?: BlobStore;
}

/** The journal op that stores `doc` (blob fields by reference). */
export function putOp(db: string, c: string, doc: Document): JournalOp {
  const { doc: plain, b } = journalForm(doc);
  return b ? { o: 'put', d: db, c, doc: plain, b } : { o: 'put', d: db, c, doc: plain };
}

const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** Values in a filter usable for an index lookup: scalars (or null) under equality or `$in`. */
const equalityValues = (cond: unknown): unknown[] | undefined => equalityOperands(cond, isIndexScalar);

function isIndexScalar(v: unknown): boolean {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'number' ||
    typeof v === 'boolean' ||
    v instanceof ObjectId ||
    v instanceof Date
  );
}

/**
 * The range a condition such as `{ $gte: a, $lt: b }` sets on a field: the tightest `$gt`/`$gte`
 * and `$lt`/`$lte` bounds (other operators in the condition only narrow the match further).
 * Undefined when the condition has no range operator or is not an operator expression.
 */
function rangeOf(cond: unknown): Range | undefined {
  if (!isPlainObject(cond)) return undefined;
  const range: Range = {};
  for (const [op, value] of Object.entries(cond)) {
    if (!op.startsWith('$')) return undefined;
    if (op === '$gt' || op === '$gte') {
      if (range.low) return undefined;
      range.low = { value, inclusive: op === '$gte' };
    } else if (op === '$lt' || op === '$lte') {
      if (range.high) return undefined;
      range.high = { value, inclusive: op === '$lte' };
    }
  }
  return range.low || range.high ? range : undefined;
}

export class Collection {
  readonly db: string;
  readonly name: string;
  readonly options: Document;
  readonly uuid: UUID;
  /** each document as its BSON bytes, or as an object when it has blob fields (stored-form.ts) */
  private readonly docs = new Map<string, Stored>();
  /** insertion sequence of each document, to return index lookups in natural order */
  private readonly order = new Map<string, number>();
  private nextSeq = 0;
  private readonly indexes = new Map<string, Index>();
  /** the scalar fields full scans test, decoded (scan-columns.ts) */
  private readonly columns = new ScanColumns();
  private readonly env: CollectionEnv;

  constructor(db: string, name: string, options: Document, env: CollectionEnv, uuid: UUID = new UUID()) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.env = env;
    this.uuid = uuid;
  }

  private get sink(): OpSink {
    return this.env.sink;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get count(): number {
    return this.docs.size;
  }

  /** All documents in natural (insertion) order, decoded. Stored documents are never mutated in place. */
  all(): Document[] {
    return Array.from(this.docs.values(), fromStored);
  }

  /** All documents in natural order, as stored (bytes, or objects with blob fields). */
  allStored(): Stored[] {
    return Array.from(this.docs.values());
  }

  /** The stored documents that are objects (those with blob fields), in natural order. */
  heldObjects(): Document[] {
    const out: Document[] = [];
    for (const stored of this.docs.values()) if (!isEncoded(stored)) out.push(stored);
    return out;
  }

  /** A new collection object with the same contents under another name (renameCollection). */
  renamed(db: string, name: string, env: CollectionEnv): Collection {
    const copy = new Collection(db, name, this.options, env, this.uuid);
    for (const index of this.indexes.values()) copy.addIndex(index.spec);
    for (const stored of this.docs.values()) copy.put(fromStored(stored));
    return copy;
  }

  /** Inserts a new document (adding `_id` first if missing); throws E11000 on a unique clash. */
  insert(raw: Document): Document {
    const unstored = withIdFirst(raw);
    const id = idKeyOf(unstored);
    if (this.docs.has(id)) throw this.idDuplicate(unstored._id);
    const keys = this.checkedKeys(id, unstored);
    const doc = this.env.blobs?.externalize(unstored) ?? unstored;
    const stored = storedForm(doc);
    this.docs.set(id, stored);
    this.columns.update(id, doc, stored);
    this.order.set(id, this.nextSeq++);
    for (const [index, k] of keys) index.add(id, k);
    this.sink(putOp(this.db, this.name, doc));
    return doc;
  }

  /** Replaces a stored document by a new version with the same _id. */
  replace(current: Document, next: Document): Document {
    const unstored = withIdFirst(next);
    const id = idKeyOf(current);
    if (idKeyOf(unstored) !== id) {
      throw new CommandError(
        'ImmutableField',
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(unstored._id)}`,
      );
    }
    const keys = this.checkedKeys(id, unstored);
    const doc = this.env.blobs?.externalize(unstored) ?? unstored;
    for (const index of this.indexes.values()) index.remove(id, index.keysFor(current));
    const stored = storedForm(doc);
    this.docs.set(id, stored);
    this.columns.update(id, doc, stored);
    for (const [index, k] of keys) index.add(id, k);
    this.env.blobs?.release(current, doc);
    this.sink(putOp(this.db, this.name, doc));
    return doc;
  }

  remove(doc: Document): void {
    const id = idKeyOf(doc);
    const stored = this.docs.get(id);
    if (!stored) return;
    const current = fromStored(stored);
    for (const index of this.indexes.values()) index.remove(id, index.keysFor(current));
    this.docs.delete(id);
    this.columns.update(id, undefined);
    this.order.delete(id);
    this.env.blobs?.release(current);
    this.sink({ o: 'del', d: this.db, c: this.name, id: current._id as unknown });
  }

  /** Replay: stores a document version without unique checks or journaling. */
  put(doc: Document): void {
    const id = idKeyOf(doc);
    const stored = this.docs.get(id);
    if (stored) {
      const current = fromStored(stored);
      for (const index of this.indexes.values()) index.remove(id, index.keysFor(current));
    } else this.order.set(id, this.nextSeq++);
    const next = storedForm(doc);
    this.docs.set(id, next);
    this.columns.update(id, doc, next);
    for (const index of this.indexes.values()) index.add(id, index.keysFor(doc));
  }

  /** Replay: removes a document by _id value without journaling. */
  delete(idValue: unknown): void {
    const id = valueKey(idValue);
    const stored = this.docs.get(id);
    if (stored) {
      this.docs.delete(id);
      this.columns.update(id, undefined);
      this.order.delete(id);
      const current = fromStored(stored);
      for (const index of this.indexes.values()) index.remove(id, index.keysFor(current));
    }
  }

  /** Gives up every blob of this collection (it is being dropped); unlinked after the commit. */
  releaseBlobs(): void {
    const blobs = this.env.blobs;
    if (blobs) for (const doc of this.heldObjects()) blobs.release(doc);
  }

  /**
   * Moves large binary values still held in memory (documents recovered from journals written
   * before blob files existed) to blob files; returns how many documents changed. Nothing is
   * journaled: the caller writes a snapshot afterwards.
   */
  externalizeInline(): number {
    const blobs = this.env.blobs;
    if (!blobs) return 0;
    let changed = 0;
    for (const [id, held] of this.docs) {
      if (isEncoded(held)) continue;
      const stored = blobs.externalize(held);
      if (stored !== held) {
        this.docs.set(id, stored);
        changed += 1;
      }
    }
    return changed;
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...Array.from(this.indexes.values(), (i) => i.spec)];
  }

  secondaryIndexes(): Index[] {
    return Array.from(this.indexes.values());
  }

  /**
   * Creates an index from a createIndexes entry; returns false when an identical index exists.
   * Building a unique index over existing duplicates fails with E11000 like mongod.
   */
  createIndex(raw: Document): boolean {
    const spec = normalizeIndexSpec(raw);
    for (const existing of this.indexSpecs()) {
      const sameName = existing.name === spec.name;
      const sameKey = sameKeyPattern(existing.key, spec.key);
      if (sameName && sameKey && sameIndexOptions(existing, spec)) return false;
      if (sameName) {
        throw new CommandError(
          'IndexKeySpecsConflict',
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing)}`,
        );
      }
      if (sameKey && sameIndexOptions(existing, spec)) {
        throw new CommandError(
          'IndexOptionsConflict',
          `Index already exists with a different name: ${existing.name}`,
        );
      }
      if (sameKey && existing.name !== '_id_') {
        throw new CommandError(
          'IndexOptionsConflict',
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing)}`,
        );
      }
    }
    const index = new Index(spec);
    for (const [id, stored] of this.docs) {
      const keys = index.keysFor(fromStored(stored));
      index.checkUnique(this.ns, id, keys);
      index.add(id, keys);
    }
    this.indexes.set(spec.name, index);
    this.sink({ o: 'createIndex', d: this.db, c: this.name, spec });
    return true;
  }

  /** Replay: adds an index without checks or journaling. */
  addIndex(spec: IndexSpec): void {
    const index = new Index(spec);
    for (const [id, stored] of this.docs) index.add(id, index.keysFor(fromStored(stored)));
    this.indexes.set(spec.name, index);
  }

  dropIndex(name: string): void {
    if (!this.indexes.delete(name)) return;
    this.sink({ o: 'dropIndex', d: this.db, c: this.name, name });
  }

  /**
   * Documents that may match `filter`: an index lookup when the filter allows (equality on every
   * field of an index, else on the longest run of leading fields of a compound index, else a
   * range on the field of a single-field index), else all.
   */
  candidates(filter: Document): Document[] {
    return this.candidatesStored(filter).map(fromStored);
  }

  /** `candidates`, as stored (see stored-form.ts). */
  candidatesStored(filter: Document): Stored[] {
    const ids = this.candidateIds(filter);
    return ids ? this.fetch(ids) : this.allStored();
  }

  /**
   * The stored documents among the candidates of `filter` that `test` accepts, in natural order.
   * `fields`: the top-level fields `test` reads (undefined: any). A document kept as bytes is
   * tested on those fields alone: from the scan columns in a full scan, else decoded from its bytes.
   */
  matching(
    filter: Document,
    fields: readonly string[] | undefined,
    test: (doc: Document) => boolean,
  ): Stored[] {
    const ids = this.candidateIds(filter);
    if (!ids && fields) {
      const scanned = this.columns.scan(this.docs, fields, test);
      if (scanned) return scanned;
    }
    const out: Stored[] = [];
    const wanted = fields && fieldNames(fields);
    for (const stored of ids ? this.fetch(ids) : this.docs.values()) {
      if (!isEncoded(stored)) {
        if (test(stored)) out.push(stored);
      } else if (test((wanted && partialDocument(stored, wanted)) ?? fromStored(stored))) out.push(stored);
    }
    return out;
  }

  /** Ids of the documents an index lookup selects for `filter`; undefined: every document. */
  private candidateIds(filter: Document): string[] | undefined {
    const byId = equalityValues(filter._id);
    if (byId) return byId.map((v) => valueKey(v));
    let best: { index: Index; values: unknown[][] } | undefined;
    for (const index of this.indexes.values()) {
      if (!index.complete) continue;
      const values: unknown[][] = [];
      for (const field of index.fields) {
        const found = equalityValues(filter[field]);
        if (!found) break;
        values.push(found);
      }
      if (values.length === 0 || values.length <= (best?.values.length ?? 0)) continue;
      const combinations = values.reduce((n, v) => n * v.length, 1);
      if (combinations > 1000) continue;
      best = { index, values };
      if (values.length === index.fields.length) break;
    }
    if (!best) return this.rangeCandidateIds(filter);
    const { index, values } = best;
    let combos: unknown[][] = [[]];
    for (const options of values) combos = combos.flatMap((c) => options.map((v) => [...c, v]));
    const full = values.length === index.fields.length;
    const ids = new Set<string>();
    for (const combo of combos) {
      const held = full
        ? index.lookup(index.keyOf(combo))
        : index.lookupPrefix(combo.length, index.prefixKeyOf(combo));
      for (const id of held) ids.add(id);
    }
    return Array.from(ids);
  }

  /** Ids from a range on the field of a single-field index (the first index that can answer). */
  private rangeCandidateIds(filter: Document): string[] | undefined {
    for (const index of this.indexes.values()) {
      if (index.fields.length !== 1) continue;
      const range = rangeOf(filter[index.fields[0] ?? '']);
      const keys = range && index.rangeKeys(range);
      if (!keys) continue;
      const ids: string[] = [];
      for (const key of keys) for (const id of index.lookup(key)) ids.push(id);
      return ids;
    }
    return undefined;
  }

  private fetch(ids: Iterable<string>): Stored[] {
    const held: string[] = [];
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (this.docs.has(id)) held.push(id);
    }
    // keep natural order when several documents match
    if (held.length > 1) held.sort((a, b) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0));
    const out: Stored[] = [];
    for (const id of held) {
      const stored = this.docs.get(id);
      if (stored) out.push(stored);
    }
    return out;
  }

  /** Index keys for a write, after checking every unique index (nothing is modified here). */
  private checkedKeys(id: string, doc: Document): Array<[Index, IndexKey[]]> {
    const out: Array<[Index, IndexKey[]]> = [];
    for (const index of this.indexes.values()) {
      const keys = index.keysFor(doc);
      index.checkUnique(this.ns, id, keys);
      out.push([index, keys]);
    }
    return out;
  }

  private idDuplicate(id: unknown): CommandError {
    const idIndex = new Index(ID_INDEX);
    return idIndex.duplicateKeyError(this.ns, [id]);
  }
}

/**
 * The form a collection keeps `doc` in: its BSON bytes, or the object itself when it has blob
 * fields (whose short strings are then shared, shared-strings.ts).
 */
function storedForm(doc: Document): Stored {
  const stored = toStored(doc);
  return isEncoded(stored) ? stored : shareStrings(stored);
}

export function idKeyOf(doc: Document): string {
  return valueKey(doc._id);
}

/** The document with `_id` as its first field (a new ObjectId when it has none). */
export function withIdFirst(doc: Document): Document {
  const id: unknown = doc._id === undefined ? new ObjectId() : doc._id;
  if (Array.isArray(id)) throw new CommandError('BadValue', `can't use an array for _id`);
  if (id instanceof RegExp) throw new CommandError('BadValue', `can't use a regex for _id`);
  if (Object.keys(doc)[0] === '_id') return doc;
  const out: Document = { _id: id };
  for (const [k, v] of Object.entries(doc)) if (k !== '_id') out[k] = v as unknown;
  return out;
}
