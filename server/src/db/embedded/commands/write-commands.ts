// Write commands: insert, update (operators, replacement, pipeline, upsert, multi) and delete,
// answering with MongoDB's shapes (`n`, `nModified`, `upserted`, `writeErrors` with `index`,
// `code`, `errmsg`, and `keyPattern` / `keyValue` for duplicate keys). Ordered batches stop at
// the first error; unordered batches carry on.
import type { Document } from '../bson.js';
import type { CommandContext, CommandHandler } from './context.js';
import { collectionArg } from './context.js';
import { CommandError, toCommandError } from '../errors.js';
import { matchDocuments } from '../query.js';
import { applyUpdate, isOperatorUpdate, isUpdateSpec, upsertSeed } from '../update-apply.js';
import type { UpdateSpec } from '../update-apply.js';
import { isPlainObject, toBool, toNumber } from '../bson-values.js';

function documentsArg(cmd: Document, field: string): Document[] {
  const value: unknown = cmd[field];
  if (!Array.isArray(value) || !value.every(isPlainObject)) {
    throw new CommandError('TypeMismatch', `BSON field '${field}' is missing or is not an array of objects`);
  }
  return value;
}

/** Runs `step` for each entry, collecting write errors (stopping at the first when ordered). */
function eachWrite(
  cmd: Document,
  entries: Document[],
  step: (entry: Document, index: number) => void,
): Document[] {
  const ordered = cmd.ordered === undefined ? true : toBool(cmd.ordered);
  const writeErrors: Document[] = [];
  for (let i = 0; i < entries.length; i++) {
    try {
      step(entries[i] as Document, i);
    } catch (err) {
      writeErrors.push(toCommandError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  return writeErrors;
}

function withErrors(reply: Document, writeErrors: Document[]): Document {
  if (writeErrors.length) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

const insert: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'insert');
  const docs = documentsArg(cmd, 'documents');
  const coll = ctx.catalog.ensure(ctx.db, name);
  let n = 0;
  const writeErrors = eachWrite(cmd, docs, (doc) => {
    coll.insert(doc);
    n += 1;
  });
  return withErrors({ n }, writeErrors);
};

/** Inserts the document an upsert creates from `filter` and `update`. */
export function upsertDocument(
  ctx: CommandContext,
  name: string,
  filter: Document,
  update: UpdateSpec,
  arrayFilters?: Document[],
): Document {
  const seed = upsertSeed(filter);
  let doc: Document;
  if (isOperatorUpdate(update) || Array.isArray(update)) {
    doc = applyUpdate(seed, update, { filter, arrayFilters, inserting: true }).doc;
  } else {
    doc = applyUpdate(seed, update, { filter }).doc;
    if (doc._id === undefined && seed._id !== undefined) doc = { _id: seed._id as unknown, ...doc };
  }
  return ctx.catalog.ensure(ctx.db, name).insert(doc);
}

const update: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'update');
  const updates = documentsArg(cmd, 'updates');
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const writeErrors = eachWrite(cmd, updates, (entry, index) => {
    const filter = isPlainObject(entry.q) ? entry.q : {};
    const u: unknown = entry.u;
    if (!isUpdateSpec(u))
      throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
    const multi = toBool(entry.multi);
    if (multi && !Array.isArray(u) && !isOperatorUpdate(u) && Object.keys(u).length > 0) {
      throw new CommandError('FailedToParse', 'multi update is not supported for replacement-style update');
    }
    const arrayFilters = Array.isArray(entry.arrayFilters)
      ? entry.arrayFilters.filter(isPlainObject)
      : undefined;
    const coll = ctx.catalog.get(ctx.db, name);
    const matched = matchDocuments(coll, filter);
    const targets = multi ? matched : matched.slice(0, 1);
    if (targets.length === 0) {
      if (toBool(entry.upsert)) {
        const doc = upsertDocument(ctx, name, filter, u, arrayFilters);
        upserted.push({ index, _id: doc._id as unknown });
        n += 1;
      }
      return;
    }
    for (const target of targets) {
      const result = applyUpdate(target, u, { filter, arrayFilters });
      n += 1;
      if (result.modified && coll) {
        coll.replace(target, result.doc);
        nModified += 1;
      }
    }
  });
  const reply: Document = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  return withErrors(reply, writeErrors);
};

const remove: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'delete');
  const deletes = documentsArg(cmd, 'deletes');
  let n = 0;
  const writeErrors = eachWrite(cmd, deletes, (entry) => {
    const filter = isPlainObject(entry.q) ? entry.q : {};
    const limit = toNumber(entry.limit, 0);
    if (limit !== 0 && limit !== 1)
      throw new CommandError(
        'FailedToParse',
        `The limit field in delete objects must be 0 or 1. Got ${limit}`,
      );
    const coll = ctx.catalog.get(ctx.db, name);
    if (!coll) return;
    const matched = matchDocuments(coll, filter);
    for (const doc of limit === 1 ? matched.slice(0, 1) : matched) {
      coll.remove(doc);
      n += 1;
    }
  });
  return withErrors({ n }, writeErrors);
};

export const writeCommands: Record<string, CommandHandler> = {
  insert,
  update,
  delete: remove,
};
