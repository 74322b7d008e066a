// Read path shared by find, count, distinct, findAndModify and aggregate: picks candidate
// documents (index lookup when possible), filters them with a mingo Query, then sorts, skips,
// limits and projects with mingo's pipeline operators. Stored documents are never handed to an
// operator that could modify them.
import { Aggregator, Query } from 'mingo';
import type { Document } from './bson.js';
import type { Collection } from './collection.js';
import { isPlainObject } from './bson-values.js';
import { cloneStored } from './blobs.js';

export interface FindSpec {
  filter?: Document;
  sort?: Document;
  projection?: Document;
  skip?: number;
  limit?: number;
}

/** Documents of `coll` matching `filter`, in natural order (the stored objects themselves). */
export function matchDocuments(coll: Collection | undefined, filter: Document = {}): Document[] {
  if (!coll) return [];
  const candidates = coll.candidates(filter);
  if (Object.keys(filter).length === 0) return candidates;
  const query = new Query(filter);
  return candidates.filter((doc) => query.test(doc));
}

export function sortDocuments(docs: Document[], sort: Document | undefined): Document[] {
  if (!sort || Object.keys(sort).length === 0 || docs.length < 2) return docs;
  const spec: Document = {};
  for (const [k, v] of Object.entries(sort)) {
    // { $natural: 1 } is natural order already
    if (k !== '$natural') spec[k] = v;
  }
  if (Object.keys(spec).length === 0) return sort.$natural === -1 ? [...docs].reverse() : docs;
  return new Aggregator([{ $sort: spec }]).run(docs) as Document[];
}

export function projectDocuments(docs: Document[], projection: Document | undefined): Document[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  // $project may remove nested fields from a shallow copy: give it private copies
  const copies = docs.map((d) => cloneStored(d));
  return new Aggregator([{ $project: projection }]).run(copies) as Document[];
}

/** A whole find: match, sort, skip, limit, project. */
export function findDocuments(coll: Collection | undefined, spec: FindSpec): Document[] {
  let docs = sortDocuments(matchDocuments(coll, spec.filter), spec.sort);
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  if (skip > 0 || limit > 0) docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
  return projectDocuments(docs, spec.projection);
}

export function asFilter(value: unknown): Document {
  return isPlainObject(value) ? value : {};
}
