// The common update without mingo's updater (docs/performance.md, "Publish, fourth pass"): `$set`
// and `$inc` of top-level fields, each named once, with values of the kinds a JSON document and
// dates have, on a document the filter matches by plain equalities (or the seed of an upsert).
// What it gives is what mingo's updateOne gives for it: `$set` leaves an equal value in place and
// otherwise sets a copy (a new field last), `$inc` adds to a number or sets a missing field, the
// operators applied in their order. Anything else (a dotted or positional path, another operator,
// a field named twice, a value of another kind, a non-number under `$inc`) is undefined: the
// caller runs mingo's updater, with its checks and errors.
import type { Document } from './bson.js';
import { cloneValue, isPlainObject } from './bson-values.js';

const SPECIAL = new Set(['__proto__', 'constructor', 'prototype', '_id']);

function isSimpleField(field: string): boolean {
  return field.length > 0 && !field.startsWith('$') && !field.includes('.') && !SPECIAL.has(field);
}

/** A value of the kinds JSON and dates have, all the way down (mingo and the store copy it alike). */
function isSimpleValue(value: unknown, depth = 0): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (depth > 32) return false;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (Array.isArray(value)) return value.every((v) => isSimpleValue(v, depth + 1));
  return isPlainObject(value) && Object.values(value).every((v) => isSimpleValue(v, depth + 1));
}

/** Whether every condition of `filter` is a plain equality `doc` meets (mingo's match then agrees). */
function meetsByEquality(doc: Document, filter: Document): boolean {
  for (const [field, cond] of Object.entries(filter)) {
    if (!isSimpleField(field)) return false;
    const kind = typeof cond;
    if (kind !== 'string' && kind !== 'boolean' && !(kind === 'number' && Number.isFinite(cond)))
      return false;
    if (doc[field] !== cond) return false;
  }
  return true;
}

function isIncrementable(current: unknown): boolean {
  return current === undefined || (typeof current === 'number' && !Number.isNaN(current));
}

function checked(copy: Document, modifier: Document): boolean {
  const seen = new Set<string>();
  for (const [op, fields] of Object.entries(modifier)) {
    if ((op !== '$set' && op !== '$inc') || !isPlainObject(fields)) return false;
    for (const [field, value] of Object.entries(fields)) {
      if (!isSimpleField(field) || seen.has(field)) return false;
      seen.add(field);
      if (op === '$set' && !isSimpleValue(value)) return false;
      if (op === '$inc' && (typeof value !== 'number' || !isIncrementable(copy[field]))) return false;
    }
  }
  return true;
}

/**
 * `modifier` ($set / $inc, as applyOperators builds it) applied to `copy` (a copy of the document,
 * changed in place) when it is the common update; undefined, with `copy` untouched, otherwise.
 * `filter`: the update's, or undefined for the seed of an upsert.
 */
export function applySimpleUpdate(
  copy: Document,
  modifier: Document,
  filter?: Document,
): Document | undefined {
  if (filter && !meetsByEquality(copy, filter)) return undefined;
  if (!checked(copy, modifier)) return undefined;
  for (const [op, fields] of Object.entries(modifier) as [string, Document][]) {
    for (const [field, value] of Object.entries(fields)) {
      if (op === '$inc') copy[field] = ((copy[field] as number | undefined) || 0) + (value as number);
      else copy[field] = cloneValue<unknown>(value);
    }
  }
  return copy;
}
