// One secondary index of a collection: the key pattern and options as listIndexes reports
// them, a map from canonical key strings to document ids (plus, for a compound index, one map
// per key prefix, so that equality on leading fields is a lookup as in mongod), and the
// unique/sparse/partial rules that decide which documents it holds and whether a write would
// violate it. A key held by one document maps to its id alone: no Set per unique key.
// A single-field index also answers ranges ($gt/$gte/$lt/$lte) while every document holds one
// value of one kind (numbers, strings or dates), through an ordered tree of its keys built on
// the first range lookup (docs/performance.md, "Range lookups in the embedded store").
import { createRequire } from 'node:module';
import { Query } from 'mingo';
import type * as SortedBtree from 'sorted-btree';
import type { Document } from './bson.js';
import { CommandError } from './errors.js';
import { hasPath, pathValues, valueKey, formatDocument, isPlainObject } from './bson-values.js';

// sorted-btree is CommonJS with its class as `exports.default`. Node's default import is the
// exports object, a bundler's (vitest's, and the SPA's type check, which reads this file through the
// router's type) the class itself: required here, the class is `.default` under every loader, and
// its type is unwrapped from whichever shape the module system gives it.
type ClassOf<T> = T extends abstract new (...args: never[]) => unknown
  ? T
  : T extends { default: infer D }
    ? ClassOf<D>
    : never;
type BTreeClass = ClassOf<typeof SortedBtree>;
const BTree = (createRequire(import.meta.url)('sorted-btree') as { default: BTreeClass }).default;
type BTree<K, V> = InstanceType<typeof BTree<K, V>>;

export interface IndexSpec extends Document {
  v: number;
  key: Document;
  name: string;
}

/** One key of a document in an index: its canonical string and the field values it came from. */
export interface IndexKey {
  key: string;
  values: unknown[];
}

const IGNORED_OPTIONS = new Set(['v', 'key', 'name', 'ns']);

/** The canonical index spec (`{ v: 2, key, name, ...options }`) for a createIndexes entry. */
export function normalizeIndexSpec(raw: Document): IndexSpec {
  const key: unknown = raw.key;
  const name: unknown = raw.name;
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw new CommandError('CannotCreateIndex', 'Index keys cannot be an empty field.');
  }
  if (typeof name !== 'string' || name.length === 0) {
    throw new CommandError('CannotCreateIndex', 'index name must be a non-empty string');
  }
  const spec: IndexSpec = { v: 2, key, name };
  for (const [k, v] of Object.entries(raw)) {
    if (!IGNORED_OPTIONS.has(k) && v !== undefined) spec[k] = v as unknown;
  }
  if (spec.unique === false) delete spec.unique;
  if (spec.sparse === false) delete spec.sparse;
  return spec;
}

/** Options that make two specs with the same key pattern different indexes. */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  const pick = (s: IndexSpec): string =>
    JSON.stringify([
      Boolean(s.unique),
      Boolean(s.sparse),
      s.partialFilterExpression ?? null,
      s.expireAfterSeconds ?? null,
      s.collation ?? null,
    ]);
  return pick(a) === pick(b);
}

export function sameKeyPattern(a: Document, b: Document): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly partial: Query | undefined;
  /** canonical key -> id (canonical _id key) or ids of the documents holding it */
  private readonly entries: Holders = new Map();
  /** for a compound index, `prefixes[p - 1]` maps the key of the first p fields to ids */
  private readonly prefixes: Holders[];
  /** single-field index: how many documents hold one value of each orderable kind */
  private readonly kindCounts: Record<RangeKind, number> = { number: 0, string: 0, date: 0 };
  /** single-field index: documents holding anything else (null, missing, arrays, other types) */
  private irregular = 0;
  /** ordered keys (sort value -> canonical key), built on the first range lookup */
  private ordered: BTree<number | string, string> | undefined;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.unique = Boolean(spec.unique);
    this.sparse = Boolean(spec.sparse);
    const pfe: unknown = spec.partialFilterExpression;
    this.partial = isPlainObject(pfe) ? new Query(pfe) : undefined;
    this.prefixes = this.fields.slice(1).map((): Holders => new Map());
  }

  get name(): string {
    return this.spec.name;
  }

  /** True when lookups by equality on every field can use this index (no doc is left out). */
  get complete(): boolean {
    return !this.sparse && this.partial === undefined;
  }

  /** The keys a document contributes, or an empty list when the index leaves it out. */
  keysFor(doc: Document): IndexKey[] {
    if (this.partial && !this.partial.test(doc)) return [];
    if (this.sparse && !this.fields.some((f) => hasPath(doc, f))) return [];
    let combos: unknown[][] = [[]];
    for (const field of this.fields) {
      const next: unknown[][] = [];
      for (const value of pathValues(doc, field)) for (const combo of combos) next.push([...combo, value]);
      combos = next;
    }
    const seen = new Map<string, IndexKey>();
    for (const values of combos) {
      const key = this.keyOf(values);
      if (!seen.has(key)) seen.set(key, { key, values });
    }
    return [...seen.values()];
  }

  /** The canonical key for one value per field (in key-pattern order). */
  keyOf(values: unknown[]): string {
    return values.length === 1 ? valueKey(values[0]) : JSON.stringify(values.map(valueKey));
  }

  /** The canonical key of values for the first `values.length` fields of a compound index. */
  prefixKeyOf(values: unknown[]): string {
    return JSON.stringify(values.map(valueKey));
  }

  /** Throws the E11000 error when `keys` would collide with a document other than `id`. */
  checkUnique(ns: string, id: string, keys: IndexKey[]): void {
    if (!this.unique) return;
    for (const k of keys) {
      for (const holder of holdersOf(this.entries, k.key))
        if (holder !== id) throw this.duplicateKeyError(ns, k.values);
    }
  }

  duplicateKeyError(ns: string, values: unknown[]): CommandError {
    const keyValue: Document = {};
    this.fields.forEach((f, i) => {
      const v = values[i];
      keyValue[f] = v === undefined ? null : v;
    });
    const message = `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: ${formatDocument(keyValue)}`;
    return new CommandError('DuplicateKey', message, { keyPattern: this.spec.key, keyValue });
  }

  add(id: string, keys: IndexKey[]): void {
    for (const k of keys) addHolder(this.entries, k.key, id);
    if (this.fields.length === 1) this.countKinds(keys, 1);
    this.prefixes.forEach((map, p) => {
      for (const k of keys) addHolder(map, this.prefixKeyOf(k.values.slice(0, p + 1)), id);
    });
  }

  /** Removes a document: `keys` are all the keys it holds (as `keysFor` returned them). */
  remove(id: string, keys: IndexKey[]): void {
    for (const k of keys) removeHolder(this.entries, k.key, id);
    if (this.fields.length === 1) this.countKinds(keys, -1);
    this.prefixes.forEach((map, p) => {
      for (const k of keys) removeHolder(map, this.prefixKeyOf(k.values.slice(0, p + 1)), id);
    });
  }

  /** Ids of the documents holding a canonical key. */
  lookup(key: string): Iterable<string> {
    return holdersOf(this.entries, key);
  }

  /** Ids of the documents whose first `length` fields hold a prefix key (compound indexes). */
  lookupPrefix(length: number, key: string): Iterable<string> {
    const map = this.prefixes[length - 1];
    return map ? holdersOf(map, key) : [];
  }

  get keyCount(): number {
    return this.entries.size;
  }

  /**
   * Canonical keys of a single-field index whose values fall in `range`, in key order; undefined
   * when the index cannot answer (compound, sparse or partial, values of several kinds, null,
   * missing or array values, or bounds of another kind), and the caller scans instead.
   */
  rangeKeys(range: Range): string[] | undefined {
    const kind = this.rangeKind();
    if (!kind || !this.complete) return undefined;
    const low = range.low && sortValue(kind, range.low.value);
    const high = range.high && sortValue(kind, range.high.value);
    if (low === undefined && range.low) return undefined;
    if (high === undefined && range.high) return undefined;
    const tree = this.orderedKeys(kind);
    const from = low ?? tree.minKey();
    const to = high ?? tree.maxKey();
    const out: string[] = [];
    if (from === undefined || to === undefined) return out;
    const includeHigh = range.high ? range.high.inclusive : true;
    tree.forRange(from, to, includeHigh, (value, key) => {
      if (range.low && !range.low.inclusive && value === low) return;
      out.push(key);
    });
    return out;
  }

  /** The one orderable kind every document holds, when there is one. */
  private rangeKind(): RangeKind | undefined {
    if (this.fields.length !== 1 || this.irregular > 0) return undefined;
    const held = RANGE_KINDS.filter((k) => this.kindCounts[k] > 0);
    return held.length === 1 ? held[0] : undefined;
  }

  private orderedKeys(kind: RangeKind): BTree<number | string, string> {
    if (this.ordered) return this.ordered;
    const tree = new BTree<number | string, string>(undefined, compareSortValues);
    for (const key of this.entries.keys()) tree.set(sortValueOfKey(kind, key), key);
    this.ordered = tree;
    return tree;
  }

  /** Keeps the kind counts (and the ordered keys, once built) in step with one document's keys. */
  private countKinds(keys: IndexKey[], delta: 1 | -1): void {
    const only = keys.length === 1 ? keys[0] : undefined;
    const kind = only && only.values.length === 1 ? kindOf(only.values[0]) : undefined;
    if (only && kind) {
      this.kindCounts[kind] += delta;
      if (this.ordered && this.rangeKind() === kind) {
        const value = sortValueOfKey(kind, only.key);
        if (delta === 1) this.ordered.set(value, only.key);
        else if (!this.entries.has(only.key)) this.ordered.delete(value);
        return;
      }
    } else this.irregular += delta;
    // the kinds changed (or were mixed): build again on the next range lookup
    this.ordered = undefined;
  }
}

type RangeKind = 'number' | 'string' | 'date';
const RANGE_KINDS: RangeKind[] = ['number', 'string', 'date'];

/** One end of a range on one field. */
export interface RangeBound {
  value: unknown;
  inclusive: boolean;
}

/** A range on one field: either end may be open. */
export interface Range {
  low?: RangeBound;
  high?: RangeBound;
}

function kindOf(value: unknown): RangeKind | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : 'number';
  if (typeof value === 'string') return 'string';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : 'date';
  return undefined;
}

/** The value a bound orders by within `kind`, or undefined when it is of another kind. */
function sortValue(kind: RangeKind, value: unknown): number | string | undefined {
  if (kindOf(value) !== kind) return undefined;
  return value instanceof Date ? value.getTime() : (value as number | string);
}

/** The sort value back from a canonical key (`valueKey`: `n<number>`, `s<string>`, `t<ms>`). */
function sortValueOfKey(kind: RangeKind, key: string): number | string {
  return kind === 'string' ? key.slice(1) : Number(key.slice(1));
}

function compareSortValues(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Canonical key -> the one id holding it, or a Set when several do. */
type Holders = Map<string, string | Set<string>>;

function holdersOf(map: Holders, key: string): Iterable<string> {
  const held = map.get(key);
  if (held === undefined) return [];
  return typeof held === 'string' ? [held] : held;
}

function addHolder(map: Holders, key: string, id: string): void {
  const held = map.get(key);
  if (held === undefined) map.set(key, id);
  else if (typeof held === 'string') {
    if (held !== id) map.set(key, new Set([held, id]));
  } else held.add(id);
}

function removeHolder(map: Holders, key: string, id: string): void {
  const held = map.get(key);
  if (held === undefined) return;
  if (typeof held === 'string') {
    if (held === id) map.delete(key);
    return;
  }
  held.delete(id);
  if (held.size === 1) map.set(key, held.values().next().value as string);
  else if (held.size === 0) map.delete(key);
}
