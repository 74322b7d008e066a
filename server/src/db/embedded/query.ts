// Read path shared by find, count, distinct, findAndModify and aggregate: picks candidate
// documents (index lookup when possible), filters them with a mingo Query, then sorts, skips,
// limits and projects with mingo's pipeline operators. Stored documents are never handed to an
// operator that could modify them. The shapes nearly every query of the registry has (fields
// equal to scalars or `$in` lists; projections that keep or drop top-level fields) are done
// here directly: a mingo Query or Aggregator costs more to build than such a query to run.
import { Aggregator, Query } from 'mingo';
import { Long, ObjectId } from './bson.js';
import type { Document } from './bson.js';
import type { Collection } from './collection.js';
import { equalityOperands, isPlainObject, pathValues, valueKey } from './bson-values.js';
import { cloneStored, pickFields } from './blobs.js';
import { fieldNames, filterFields, fromStored, isEncoded, partialDocument } from './stored-form.js';
import type { Stored } from './stored-form.js';

export interface FindSpec {
  filter?: Document;
  sort?: Document;
  projection?: Document;
  skip?: number;
  limit?: number;
}

/** Documents of `coll` matching `filter`, in natural order, decoded (stored-form.ts). */
export function matchDocuments(coll: Collection | undefined, filter: Document = {}): Document[] {
  return matchStored(coll, filter).map(fromStored);
}

/**
 * Documents of `coll` matching `filter`, in natural order, as stored. A document kept as bytes is
 * tested on the top-level fields the filter reads, decoded alone, when the filter names them all.
 */
export function matchStored(coll: Collection | undefined, filter: Document = {}): Stored[] {
  if (!coll) return [];
  if (Object.keys(filter).length === 0) return coll.candidatesStored(filter);
  const fields = filterFields(filter);
  return coll.matching(filter, fields && Array.from(fields), filterTest(filter));
}

function filterTest(filter: Document): (doc: Document) => boolean {
  const equalities = plainEqualities(filter);
  if (equalities) {
    return (doc) =>
      equalities.every(([path, keys]) => pathValues(doc, path).some((v) => keys.has(valueKey(v))));
  }
  const query = new Query(filter);
  return (doc) => query.test(doc);
}

/**
 * Values whose equality is plain: the same canonical key exactly when MongoDB calls them equal
 * (null, arrays, documents, decimals and binaries have subtler rules and are left to mingo).
 */
function isPlainScalar(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(v);
    default:
      return v instanceof ObjectId || v instanceof Long || (v instanceof Date && !Number.isNaN(v.getTime()));
  }
}

/**
 * A filter made only of `field: scalar`, `field: { $eq: scalar }` and `field: { $in: [...] }`
 * on dotted paths without array positions, as [path, canonical keys of its values] pairs.
 */
function plainEqualities(filter: Document): Array<[string, Set<string>]> | undefined {
  const out: Array<[string, Set<string>]> = [];
  for (const [path, cond] of Object.entries(filter)) {
    if (path.startsWith('$') || path.split('.').some((part) => part === '' || /^\d+$/.test(part)))
      return undefined;
    const values = equalityOperands(cond, isPlainScalar);
    if (!values) return undefined;
    out.push([path, new Set(values.map(valueKey))]);
  }
  return out;
}

/**
 * A projection that only keeps (1 / true) or only drops (0 / false) top-level fields, `_id`
 * either way, as a test on field names; undefined for anything else.
 */
function topLevelProjection(projection: Document): ((key: string) => boolean) | undefined {
  let keepId = true;
  let mode: 'keep' | 'drop' | undefined;
  const fields = new Set<string>();
  for (const [key, value] of Object.entries(projection)) {
    if (key.startsWith('$') || key.includes('.')) return undefined;
    const keep = value === 1 || value === true ? true : value === 0 || value === false ? false : undefined;
    if (keep === undefined) return undefined;
    if (key === '_id') {
      keepId = keep;
      continue;
    }
    const fieldMode = keep ? 'keep' : 'drop';
    if (mode && mode !== fieldMode) return undefined; // mixed: mingo reports the error
    mode = fieldMode;
    fields.add(key);
  }
  if (mode === 'keep') return (key) => (key === '_id' ? keepId : fields.has(key));
  if (mode === 'drop') return (key) => (key === '_id' ? keepId : !fields.has(key));
  // only _id named: { _id: 0 } drops it, { _id: 1 } keeps nothing else
  return keepId ? (key) => key === '_id' : (key) => key !== '_id';
}

export function sortDocuments(docs: Document[], sort: Document | undefined): Document[] {
  if (!sort || Object.keys(sort).length === 0 || docs.length < 2) return docs;
  const spec: Document = {};
  for (const [k, v] of Object.entries(sort)) {
    // { $natural: 1 } is natural order already
    if (k !== '$natural') spec[k] = v as unknown;
  }
  if (Object.keys(spec).length === 0) return sort.$natural === -1 ? [...docs].reverse() : docs;
  return new Aggregator([{ $sort: spec }]).run<Document>(docs);
}

export function projectDocuments(docs: Document[], projection: Document | undefined): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const keep = topLevelProjection(projection);
  if (keep) return docs.map((doc) => pickFields(doc, keep));
  // $project may remove nested fields from a shallow copy: give it private copies
  const copies = docs.map((d) => cloneStored(d));
  return new Aggregator([{ $project: projection }]).run<Document>(copies);
}

/**
 * A whole find: match, sort, skip, limit, project. Without a sort, only the documents skip and
 * limit keep are decoded.
 */
export function findDocuments(coll: Collection | undefined, spec: FindSpec): Document[] {
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  const window = <T>(items: T[]): T[] =>
    skip > 0 || limit > 0 ? items.slice(skip, limit > 0 ? skip + limit : undefined) : items;
  const matched = matchStored(coll, spec.filter);
  if (hasSort(spec.sort))
    return projectDocuments(window(sortDocuments(matched.map(fromStored), spec.sort)), spec.projection);
  const kept = spec.projection && keptFields(spec.projection);
  const docs = window(sortDocuments(matched, spec.sort) as Stored[]);
  if (!kept) return projectDocuments(docs.map(fromStored), spec.projection);
  // a projection keeping top-level fields: only those are decoded
  const wanted = fieldNames(kept);
  const keep = (key: string) => kept.includes(key);
  return docs.map((stored) =>
    isEncoded(stored)
      ? (partialDocument(stored, wanted) ?? pickFields(fromStored(stored), keep))
      : pickFields(stored, keep),
  );
}

/** The fields a projection keeping top-level fields keeps (`_id` unless it drops it). */
function keptFields(projection: Document): string[] | undefined {
  const entries = Object.entries(projection);
  if (entries.length === 0) return undefined;
  const kept: string[] = [];
  let keepId = true;
  for (const [key, value] of entries) {
    if (key.startsWith('$') || key.includes('.')) return undefined;
    const keep = value === 1 || value === true ? true : value === 0 || value === false ? false : undefined;
    if (keep === undefined) return undefined;
    if (key === '_id') keepId = keep;
    else if (keep) kept.push(key);
    else return undefined;
  }
  if (kept.length === 0 && !keepId) return undefined; // { _id: 0 } alone drops one field
  return keepId ? ['_id', ...kept] : kept;
}

/** Whether `sort` orders by a field (`$natural` alone keeps or reverses the natural order). */
function hasSort(sort: Document | undefined): boolean {
  return sort !== undefined && Object.keys(sort).some((k) => k !== '$natural');
}

export function asFilter(value: unknown): Document {
  return isPlainObject(value) ? value : {};
}
