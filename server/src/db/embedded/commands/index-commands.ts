// Index commands: createIndexes (idempotent for identical specs, conflicts answered with
// codes 85 / 86, E11000 when a unique build meets duplicates), listIndexes and dropIndexes
// (by name, key pattern, list of names or '*'; `_id_` cannot be dropped).
import type { Document } from '../bson.js';
import type { CommandHandler } from './context.js';
import { collectionArg, cursorReply } from './context.js';
import { CommandError } from '../errors.js';
import { isPlainObject } from '../bson-values.js';
import { sameKeyPattern } from '../indexes.js';

const createIndexes: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'createIndexes');
  const specs: unknown = cmd.indexes;
  if (!Array.isArray(specs) || specs.length === 0 || !specs.every(isPlainObject)) {
    throw new CommandError('BadValue', 'Must specify at least one index to create');
  }
  const existed = ctx.catalog.get(ctx.db, name) !== undefined;
  const coll = ctx.catalog.ensure(ctx.db, name);
  const before = coll.indexSpecs().length;
  let created = 0;
  for (const spec of specs) if (coll.createIndex(spec)) created += 1;
  const reply: Document = {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexSpecs().length,
    createdCollectionAutomatically: !existed,
    ok: 1,
  };
  if (created === 0) reply.note = 'all indexes already exist';
  return reply;
};

const listIndexes: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'listIndexes');
  const coll = ctx.catalog.get(ctx.db, name);
  if (!coll) throw new CommandError('NamespaceNotFound', `ns does not exist: ${ctx.db}.${name}`);
  const cursor = isPlainObject(cmd.cursor) ? cmd.cursor : {};
  const batchSize = typeof cursor.batchSize === 'number' ? cursor.batchSize : undefined;
  return cursorReply(
    ctx.cursors.first(`${ctx.db}.$cmd.listIndexes.${name}`, coll.indexSpecs(), batchSize),
    true,
  );
};

const dropIndexes: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, Object.keys(cmd)[0] ?? 'dropIndexes');
  const coll = ctx.catalog.get(ctx.db, name);
  if (!coll) throw new CommandError('NamespaceNotFound', `ns not found ${ctx.db}.${name}`);
  const nIndexesWas = coll.indexSpecs().length;
  const target: unknown = cmd.index;
  const names: string[] = [];
  if (target === '*') {
    for (const index of coll.secondaryIndexes()) names.push(index.name);
  } else if (typeof target === 'string') {
    names.push(target);
  } else if (Array.isArray(target)) {
    for (const n of target) names.push(String(n));
  } else if (isPlainObject(target)) {
    const match = coll.indexSpecs().find((s) => sameKeyPattern(s.key, target));
    if (!match)
      throw new CommandError('IndexNotFound', `can't find index with key: ${JSON.stringify(target)}`);
    names.push(match.name);
  } else {
    throw new CommandError('TypeMismatch', `BSON field 'dropIndexes.index' is the wrong type`);
  }
  const existing = new Set(coll.indexSpecs().map((s) => s.name));
  for (const n of names) {
    if (n === '_id_') throw new CommandError('InvalidOptions', 'cannot drop _id index');
    if (!existing.has(n)) throw new CommandError('IndexNotFound', `index not found with name [${n}]`);
  }
  for (const n of names) coll.dropIndex(n);
  return { nIndexesWas, ok: 1 };
};

export const indexCommands: Record<string, CommandHandler> = {
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
};
