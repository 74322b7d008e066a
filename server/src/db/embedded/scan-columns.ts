// Scan columns of a collection whose documents are kept as bytes (stored-form.ts): for a
// top-level field that full scans test (a filter no index serves, such as the search's stamp
// check `indexedAt > t` over every package), that field's scalar value in each document, kept in
// step with every write, so that a scan decodes no document that does not match
// (docs/performance.md, "Memory, third pass: a smaller live heap").
import { ObjectId } from './bson.js';
import type { Document } from './bson.js';
import { fieldNames, fromStored, isEncoded, partialDocument } from './stored-form.js';
import type { Stored } from './stored-form.js';

/** Top-level fields a collection keeps scan columns of, at most. */
const MAX_SCAN_COLUMNS = 8;
/** A scan column's value for a document without the field. */
const ABSENT = Symbol('absent');
/** A scan column's value for a field that is not a scalar: it is decoded from the bytes. */
const NOT_SCALAR = Symbol('not a scalar');

function columnValue(doc: Document, field: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(doc, field)) return ABSENT;
  const value: unknown = doc[field];
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length <= 64 ? value : NOT_SCALAR;
  if (value instanceof Date || value instanceof ObjectId) return value;
  return NOT_SCALAR;
}

type Column = Map<string, unknown>;

export class ScanColumns {
  private readonly columns = new Map<string, Column>();

  /**
   * The documents of `docs` (by id, in natural order) that `test` accepts, tested on `fields`
   * alone; undefined when more columns than the bound would be needed (the caller then decodes
   * the fields from each document's bytes).
   */
  scan(
    docs: ReadonlyMap<string, Stored>,
    fields: readonly string[],
    test: (doc: Document) => boolean,
  ): Stored[] | undefined {
    const columns = this.of(docs, fields);
    if (!columns) return undefined;
    const out: Stored[] = [];
    const single = columns.length === 1;
    const none: Document = {};
    const one: Document = {};
    for (const [id, stored] of docs) {
      if (!isEncoded(stored)) {
        if (test(stored)) out.push(stored);
        continue;
      }
      // one field (the common scan): two objects reused for every document, none made
      const view: Document = single ? (columns[0]?.[1].get(id) === ABSENT ? none : one) : {};
      let complete = true;
      for (const [name, column] of columns) {
        const value = column.get(id);
        if (value === NOT_SCALAR) complete = false;
        else if (value !== ABSENT) view[name] = value;
      }
      if (test(complete ? view : (partialDocument(stored, fieldNames(fields)) ?? fromStored(stored))))
        out.push(stored);
    }
    return out;
  }

  /** Keeps the columns in step with a document stored under `id` (undefined: removed). */
  update(id: string, doc: Document | undefined, stored?: Stored): void {
    for (const [field, column] of this.columns) {
      if (!doc || !stored || !isEncoded(stored)) column.delete(id);
      else column.set(id, columnValue(doc, field));
    }
  }

  /** The columns of `fields`, built from the documents on first use. */
  private of(
    docs: ReadonlyMap<string, Stored>,
    fields: readonly string[],
  ): Array<[string, Column]> | undefined {
    const missing = fields.filter((f) => !this.columns.has(f));
    if (this.columns.size + missing.length > MAX_SCAN_COLUMNS) return undefined;
    for (const field of missing) {
      const column: Column = new Map();
      const wanted = fieldNames([field]);
      for (const [id, stored] of docs) {
        if (!isEncoded(stored)) continue;
        column.set(id, columnValue(partialDocument(stored, wanted) ?? fromStored(stored), field));
      }
      this.columns.set(field, column);
    }
    return fields.map((f) => [f, this.columns.get(f) ?? new Map<string, unknown>()]);
  }
}
