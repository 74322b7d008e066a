// Computes the new version of a document for update / findAndModify: update-operator documents
// (applied by mingo's updater, plus $setOnInsert on upsert; the common `$set` / `$inc` of top-level
// fields without it, update-simple.ts), replacement documents, and
// aggregation-pipeline updates. Also builds the seed document of an upsert from the filter.
import { updateOne } from 'mingo';
import type { Document } from './bson.js';
import type { Modifier, PipelineStage } from 'mingo/updater';
import { CommandError } from './errors.js';
import { cloneValue, isPlainObject, valueKey } from './bson-values.js';
import { applySimpleUpdate } from './update-simple.js';

const OPERATORS = new Set([
  '$addToSet',
  '$bit',
  '$currentDate',
  '$inc',
  '$max',
  '$min',
  '$mul',
  '$pop',
  '$pull',
  '$pullAll',
  '$push',
  '$rename',
  '$set',
  '$unset',
  '$setOnInsert',
]);

export type UpdateSpec = Document | Document[];

export interface UpdateContext {
  filter: Document;
  arrayFilters?: Document[];
  /** true when the document is the seed of an upsert ($setOnInsert applies) */
  inserting?: boolean;
}

export function isUpdateSpec(value: unknown): value is UpdateSpec {
  return isPlainObject(value) || (Array.isArray(value) && value.every(isPlainObject));
}

export function isOperatorUpdate(update: UpdateSpec): boolean {
  if (Array.isArray(update)) return false;
  const first = Object.keys(update)[0];
  return first !== undefined && first.startsWith('$');
}

/** The updated copy of `doc` and whether it differs from the original. */
export function applyUpdate(
  doc: Document,
  update: UpdateSpec,
  ctx: UpdateContext,
): { doc: Document; modified: boolean } {
  const before = valueKey(doc);
  let next: Document;
  if (Array.isArray(update)) {
    const docs = [cloneValue(doc)];
    updateOne(docs, {}, update as PipelineStage[]);
    next = docs[0] ?? doc;
  } else if (isOperatorUpdate(update)) {
    next = applyOperators(doc, update, ctx);
  } else {
    next = replacement(doc, update);
  }
  if (valueKey(next._id) !== valueKey(doc._id) && doc._id !== undefined) {
    throw new CommandError(
      'ImmutableField',
      `Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  }
  return { doc: next, modified: valueKey(next) !== before };
}

function applyOperators(doc: Document, update: Document, ctx: UpdateContext): Document {
  const modifier: Document = {};
  for (const [op, fields] of Object.entries(update)) {
    if (!OPERATORS.has(op)) {
      throw new CommandError(
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(fields)) {
      throw new CommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${Array.isArray(fields) ? 'array' : typeof fields} instead. For example: {$mod: {<field>: ...}} not {${op}: ${String(fields)}}`,
      );
    }
    if (op === '$setOnInsert') {
      if (ctx.inserting)
        modifier.$set = { ...(isPlainObject(modifier.$set) ? modifier.$set : {}), ...fields };
      continue;
    }
    if (Object.keys(fields).length === 0) continue;
    modifier[op] = op === '$set' && isPlainObject(modifier.$set) ? { ...modifier.$set, ...fields } : fields;
  }
  const copy = cloneValue(doc);
  if (Object.keys(modifier).length === 0) return copy;
  if (!ctx.arrayFilters?.length) {
    const simple = applySimpleUpdate(copy, modifier, ctx.inserting ? undefined : ctx.filter);
    if (simple) return simple;
  }
  const docs = [copy];
  updateOne(docs, ctx.inserting ? {} : ctx.filter, modifier as Modifier<Document>, {
    arrayFilters: ctx.arrayFilters ?? [],
  });
  return docs[0] ?? copy;
}

function replacement(doc: Document, update: Document): Document {
  for (const key of Object.keys(update)) {
    if (key.startsWith('$')) {
      throw new CommandError(
        'DollarPrefixedFieldName',
        `The dollar ($) prefixed field '${key}' in '${key}' is not valid for storage.`,
      );
    }
  }
  const next: Document = { _id: (update._id ?? doc._id) as unknown };
  for (const [k, v] of Object.entries(update)) if (k !== '_id') next[k] = cloneValue(v as unknown);
  if (next._id === undefined) delete next._id;
  return next;
}

/** The document an upsert starts from: the equality conditions of the filter. */
export function upsertSeed(filter: Document): Document {
  const seed: Document = {};
  addEqualities(seed, filter);
  return seed;
}

function addEqualities(seed: Document, filter: Document): void {
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) {
      for (const part of cond) if (isPlainObject(part)) addEqualities(seed, part);
      continue;
    }
    if (key.startsWith('$')) continue;
    if (isPlainObject(cond)) {
      const keys = Object.keys(cond);
      if (keys.some((k) => k.startsWith('$'))) {
        if (keys.length === 1 && keys[0] === '$eq') setPath(seed, key, cloneValue(cond.$eq));
        continue;
      }
    }
    setPath(seed, key, cloneValue(cond));
  }
}

function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Document = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] ?? '';
    const next: unknown = cur[part];
    if (isPlainObject(next)) cur = next;
    else {
      const created: Document = {};
      cur[part] = created;
      cur = created;
    }
  }
  cur[parts[parts.length - 1] ?? ''] = value;
}
