// Read commands: find, getMore, killCursors, count, distinct and aggregate (mingo's Aggregator,
// with a collection resolver for $lookup / $unionWith / $graphLookup). Results are served
// through the cursor manager in batches.
import { Long } from '../bson.js';
import type { Document } from '../bson.js';
import { Aggregator } from 'mingo';
import type { CommandHandler, CommandContext } from './context.js';
import { collectionArg, cursorReply } from './context.js';
import { CommandError } from '../errors.js';
import type { BatchReply } from '../cursors.js';
import { asFilter, findDocuments, matchDocuments } from '../query.js';
import { isPlainObject, toBool, toNumber, valueKey } from '../bson-values.js';
import { cloneStored } from '../blobs.js';

function optionalDoc(value: unknown, name: string): Document | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value))
    throw new CommandError('TypeMismatch', `BSON field '${name}' is the wrong type, expected type 'object'`);
  return value;
}

function batchSizeOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = toNumber(value, -1);
  if (n < 0) throw new CommandError('BadValue', `BatchSize value must be non-negative, but received: ${n}`);
  return n;
}

function firstBatchSize(value: unknown): number | undefined {
  const n = batchSizeOf(value);
  // batchSize 0 asks for an empty first batch that still opens a cursor
  return n === 0 ? -1 : n;
}

const find: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'find');
  const rawLimit = toNumber(cmd.limit, 0);
  const docs = findDocuments(ctx.catalog.get(ctx.db, name), {
    filter: asFilter(optionalDoc(cmd.filter, 'filter')),
    sort: optionalDoc(cmd.sort, 'sort'),
    projection: optionalDoc(cmd.projection, 'projection'),
    skip: toNumber(cmd.skip, 0),
    limit: Math.abs(rawLimit),
  });
  const reply = openCursor(
    ctx,
    `${ctx.db}.${name}`,
    docs,
    firstBatchSize(cmd.batchSize),
    toBool(cmd.singleBatch) || rawLimit < 0,
  );
  return cursorReply(reply, true);
};

/** Serves `docs` through a new cursor; batch size -1 means "empty first batch". */
function openCursor(
  ctx: CommandContext,
  ns: string,
  docs: Document[],
  batchSize: number | undefined,
  single: boolean,
): BatchReply {
  if (batchSize === -1) {
    const reply = ctx.cursors.first(ns, [{}, ...docs], 1, single);
    return { ...reply, batch: [] };
  }
  return ctx.cursors.first(ns, docs, batchSize, single);
}

function toLong(value: unknown): Long {
  if (value instanceof Long) return value;
  if (typeof value === 'number' && Number.isInteger(value)) return Long.fromNumber(value);
  if (typeof value === 'bigint') return Long.fromBigInt(value);
  throw new CommandError('TypeMismatch', `cursor id must be a 64-bit integer`);
}

const getMore: CommandHandler = (cmd, ctx) => {
  const id = toLong(cmd.getMore);
  const name = collectionArg(cmd, 'collection');
  const reply = ctx.cursors.next(id, `${ctx.db}.${name}`, batchSizeOf(cmd.batchSize));
  return cursorReply(reply, false);
};

const killCursors: CommandHandler = (cmd, ctx) => {
  const ids = Array.isArray(cmd.cursors) ? cmd.cursors.map(toLong) : [];
  const cursorsKilled: Long[] = [];
  const cursorsNotFound: Long[] = [];
  for (const id of ids) (ctx.cursors.kill(id) ? cursorsKilled : cursorsNotFound).push(id);
  return { cursorsKilled, cursorsNotFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

const count: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'count');
  const coll = ctx.catalog.get(ctx.db, name);
  const query = asFilter(optionalDoc(cmd.query, 'query'));
  let n = Object.keys(query).length === 0 ? (coll?.count ?? 0) : matchDocuments(coll, query).length;
  const skip = toNumber(cmd.skip, 0);
  const limit = Math.abs(toNumber(cmd.limit, 0));
  n = Math.max(0, n - skip);
  if (limit > 0) n = Math.min(n, limit);
  return { n, ok: 1 };
};

const distinct: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'distinct');
  const key: unknown = cmd.key;
  if (typeof key !== 'string')
    throw new CommandError('TypeMismatch', `BSON field 'distinct.key' is missing or not a string`);
  const docs = matchDocuments(ctx.catalog.get(ctx.db, name), asFilter(optionalDoc(cmd.query, 'query')));
  const seen = new Set<string>();
  const values: unknown[] = [];
  const add = (v: unknown): void => {
    if (v === undefined) return;
    const k = valueKey(v);
    if (!seen.has(k)) {
      seen.add(k);
      values.push(v);
    }
  };
  for (const doc of docs) {
    for (const v of valuesAt(doc, key.split('.'))) {
      if (Array.isArray(v)) v.forEach(add);
      else add(v);
    }
  }
  return { values, ok: 1 };
};

function valuesAt(value: unknown, parts: string[]): unknown[] {
  if (parts.length === 0) return [value];
  const [head, ...rest] = parts;
  if (Array.isArray(value)) return value.flatMap((el) => valuesAt(el, parts));
  if (isPlainObject(value) && head !== undefined && head in value) return valuesAt(value[head], rest);
  return [];
}

/** Stages that never modify their input documents (no defensive copy needed). */
const READ_ONLY_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$count', '$group', '$sortByCount']);

const aggregate: CommandHandler = (cmd, ctx) => {
  const target: unknown = cmd.aggregate;
  const pipeline: unknown = cmd.pipeline;
  if (!Array.isArray(pipeline) || !pipeline.every(isPlainObject)) {
    throw new CommandError('TypeMismatch', `'pipeline' option must be specified as an array`);
  }
  if (cmd.explain) throw new CommandError('NotImplemented', 'explain is not supported by the embedded store');
  if (!isPlainObject(cmd.cursor)) {
    throw new CommandError(
      'FailedToParse',
      `The 'cursor' option is required, except for aggregate with the explain argument`,
    );
  }
  const stages = pipeline;
  for (const stage of stages) {
    const op = Object.keys(stage)[0] ?? '';
    if (op === '$out' || op === '$merge')
      throw new CommandError('NotImplemented', `${op} is not supported by the embedded store`);
  }
  const name = typeof target === 'string' ? target : undefined;
  const coll = name ? ctx.catalog.get(ctx.db, name) : undefined;
  let input: Document[];
  let rest = stages;
  const first = stages[0];
  if (first && isPlainObject(first.$match) && !('$expr' in first.$match)) {
    input = matchDocuments(coll, first.$match);
    rest = stages.slice(1);
  } else {
    input = coll ? coll.all() : [];
  }
  const readOnly = rest.every((s) => READ_ONLY_STAGES.has(Object.keys(s)[0] ?? ''));
  if (!readOnly) input = input.map((d) => cloneStored(d));
  const aggregator = new Aggregator(rest, {
    collectionResolver: (other: string) =>
      (ctx.catalog.get(ctx.db, other)?.all() ?? []).map((d) => cloneStored(d)),
    variables: isPlainObject(cmd.let) ? cmd.let : {},
  });
  const docs = rest.length ? aggregator.run<Document>(input) : input;
  const ns = name ? `${ctx.db}.${name}` : `${ctx.db}.$cmd.aggregate`;
  const cursorOpts = cmd.cursor;
  return cursorReply(openCursor(ctx, ns, docs, firstBatchSize(cursorOpts.batchSize), false), true);
};

export const queryCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
