// Helpers over deserialized BSON values: a canonical string key for index lookups (numbers of
// every BSON numeric type compare equal, as in MongoDB), deep copies of documents, dotted-path
// value extraction with array expansion, and MongoDB's rendering of values in error messages.
import { Binary, Decimal128, Long, ObjectId, EJSON } from './bson.js';
import type { Document } from './bson.js';

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A canonical string for a value as an index key: equal in MongoDB <=> equal string. */
export function valueKey(value: unknown): string {
  if (value === undefined || value === null) return 'z';
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? 'n0' : `n${value}`;
    case 'string':
      return `s${value}`;
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'bigint':
      return `n${value.toString()}`;
    default:
      break;
  }
  if (value instanceof ObjectId) return `o${value.toHexString()}`;
  if (value instanceof Date) return `t${value.getTime()}`;
  if (value instanceof Long) {
    return value.lessThanOrEqual(Number.MAX_SAFE_INTEGER) && value.greaterThanOrEqual(Number.MIN_SAFE_INTEGER)
      ? `n${value.toNumber()}`
      : `n${value.toString()}`;
  }
  if (value instanceof Decimal128) return `m${value.toString()}`;
  if (value instanceof Binary) return `x${value.sub_type}:${value.toString('base64')}`;
  if (value instanceof RegExp) return `r${value.source}/${value.flags}`;
  if (Array.isArray(value)) return `a[${value.map(valueKey).join(',')}]`;
  if (isPlainObject(value)) {
    return `d{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${valueKey(v)}`)
      .join(',')}}`;
  }
  return `e${EJSON.stringify(value, { relaxed: false })}`;
}

/**
 * The operands of a filter condition that is a plain equality, `{ $eq: v }` or `{ $in: [...] }`,
 * when each operand passes `scalar`; else undefined.
 */
export function equalityOperands(cond: unknown, scalar: (v: unknown) => boolean): unknown[] | undefined {
  if (scalar(cond)) return [cond];
  if (!isPlainObject(cond)) return undefined;
  const keys = Object.keys(cond);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$eq' && scalar(cond.$eq)) return [cond.$eq as unknown];
  if (keys[0] === '$in' && Array.isArray(cond.$in) && cond.$in.every(scalar)) return cond.$in as unknown[];
  return undefined;
}

/** Deep copy of plain objects and arrays; BSON value instances (immutable) are shared. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => cloneValue(v)) as T;
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const [k, v] of Object.entries(value as Document)) out[k] = cloneValue(v as unknown);
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  return value;
}

/**
 * The values found at a dotted path, expanding arrays the way a multikey index does: an array
 * at the end of the path contributes its elements (an empty array contributes `undefined`), and a
 * missing path contributes `null`.
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out.length ? out : [null];
}

function collect(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(undefined);
      else for (const v of value) out.push(v);
    } else {
      out.push(value === undefined ? null : value);
    }
    return;
  }
  const part = parts[i] ?? '';
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part) && Number(part) < value.length) {
      collect(value[Number(part)], parts, i + 1, out);
      return;
    }
    for (const el of value) if (isPlainObject(el)) collect(el, parts, i, out);
    return;
  }
  if (isPlainObject(value) && part in value) {
    collect(value[part], parts, i + 1, out);
  }
}

/** True when a dotted path holds a value (possibly null) in the document. */
export function hasPath(doc: Document, path: string): boolean {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) return cur.length > 0;
    if (!isPlainObject(cur) || !(part in cur)) return false;
    cur = cur[part];
  }
  return cur !== undefined;
}

/** A value rendered the way mongod prints it inside `dup key: { ... }`. */
export function formatValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`;
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof Long || value instanceof Decimal128) return value.toString();
  if (value instanceof Binary) return `BinData(${value.sub_type}, ${value.toString('hex').toUpperCase()})`;
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (Array.isArray(value)) return `[ ${value.map(formatValue).join(', ')} ]`;
  if (isPlainObject(value)) return formatDocument(value);
  // Symbols and functions name themselves; other BSON values (MinKey, Code, ...) as extended JSON.
  if (typeof value === 'symbol' || typeof value === 'function') return value.toString();
  return JSON.stringify(value) ?? 'undefined';
}

export function formatDocument(doc: Document): string {
  const entries = Object.entries(doc);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')} }`;
}

/** A numeric command argument (int32, double or Long) as a JS number. */
export function toNumber(value: unknown, fallback = 0): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Long) return value.toNumber();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return fallback;
}

/** A value interpreted as a MongoDB boolean option (`true`, `1`, ...). */
export function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null) return false;
  return toNumber(value) !== 0;
}

export function asDocument(value: unknown): Document | undefined {
  return isPlainObject(value) ? value : undefined;
}
