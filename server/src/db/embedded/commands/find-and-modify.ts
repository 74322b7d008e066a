// findAndModify: finds the first document (by sort) matching the query and removes it, updates
// it or upserts a new one, answering `{ lastErrorObject, value, ok }` like mongod; `new` picks
// the post-image and `fields` projects it.
import type { CommandHandler } from './context.js';
import type { Document } from '../bson.js';
import { collectionArg } from './context.js';
import { upsertDocument } from './write-commands.js';
import { CommandError } from '../errors.js';
import { matchDocuments, projectDocuments, sortDocuments } from '../query.js';
import { applyUpdate, isUpdateSpec } from '../update-apply.js';
import { isPlainObject, toBool } from '../bson-values.js';

const findAndModify: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, Object.keys(cmd)[0] ?? 'findAndModify');
  const query = isPlainObject(cmd.query) ? cmd.query : {};
  const sort = isPlainObject(cmd.sort) ? cmd.sort : undefined;
  const fields = isPlainObject(cmd.fields) ? cmd.fields : undefined;
  const remove = toBool(cmd.remove);
  const returnNew = toBool(cmd.new);
  const upsert = toBool(cmd.upsert);
  const update: unknown = cmd.update;
  const arrayFilters = Array.isArray(cmd.arrayFilters) ? cmd.arrayFilters.filter(isPlainObject) : undefined;
  if (remove && update !== undefined)
    throw new CommandError('FailedToParse', 'Cannot specify both an update and remove=true');
  if (!remove && update === undefined)
    throw new CommandError('FailedToParse', 'Either an update or remove=true must be specified');
  if (remove && returnNew)
    throw new CommandError(
      'FailedToParse',
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );

  const coll = ctx.catalog.get(ctx.db, name);
  const matched = sortDocuments(matchDocuments(coll, query), sort)[0];
  const project = (doc: Document | undefined): Document | null =>
    doc ? (projectDocuments([doc], fields)[0] ?? null) : null;

  if (remove) {
    if (matched && coll) coll.remove(matched);
    return { lastErrorObject: { n: matched ? 1 : 0 }, value: project(matched), ok: 1 };
  }
  if (!isUpdateSpec(update))
    throw new CommandError('FailedToParse', 'Update argument must be either an object or an array');
  if (matched && coll) {
    const result = applyUpdate(matched, update, { filter: query, arrayFilters });
    const stored = result.modified ? coll.replace(matched, result.doc) : matched;
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: project(returnNew ? stored : matched),
      ok: 1,
    };
  }
  if (upsert) {
    const doc = upsertDocument(ctx, name, query, update, arrayFilters);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id as unknown },
      value: returnNew ? project(doc) : null,
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
};

export const findAndModifyCommands: Record<string, CommandHandler> = {
  findAndModify,
  findandmodify: findAndModify,
};
