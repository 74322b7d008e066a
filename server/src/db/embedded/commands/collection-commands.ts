// Namespace commands: create, drop, listCollections (cursor of `{ name, type, options, info,
// idIndex }`), renameCollection, dropDatabase, collStats and dbStats.
import { calculateObjectSize } from '../bson.js';
import { storedSize } from '../stored-form.js';
import type { Document } from '../bson.js';
import { Query } from 'mingo';
import type { CommandHandler } from './context.js';
import { collectionArg, cursorReply } from './context.js';
import { CommandError } from '../errors.js';
import { isPlainObject, toBool } from '../bson-values.js';
import type { Collection } from '../collection.js';

const CREATE_IGNORED = new Set([
  'create',
  '$db',
  'lsid',
  '$readPreference',
  'writeConcern',
  'comment',
  '$clusterTime',
  'apiVersion',
]);

const create: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'create');
  const options: Document = {};
  for (const [k, v] of Object.entries(cmd))
    if (!CREATE_IGNORED.has(k) && !k.startsWith('$')) options[k] = v as unknown;
  ctx.catalog.create(ctx.db, name, options);
  return { ok: 1 };
};

const drop: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'drop');
  const coll = ctx.catalog.drop(ctx.db, name);
  if (!coll) throw new CommandError('NamespaceNotFound', 'ns not found');
  return { nIndexesWas: coll.indexSpecs().length, ns: coll.ns, ok: 1 };
};

function describe(coll: Collection): Document {
  return {
    name: coll.name,
    type: 'collection',
    options: coll.options,
    info: { readOnly: false, uuid: coll.uuid },
    idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
  };
}

const listCollections: CommandHandler = (cmd, ctx) => {
  const filter = isPlainObject(cmd.filter) ? cmd.filter : {};
  const query = new Query(filter);
  const nameOnly = toBool(cmd.nameOnly);
  const entries = ctx.catalog
    .collections(ctx.db)
    .map(describe)
    .filter((entry) => query.test(entry))
    .map((entry) => (nameOnly ? { name: entry.name as unknown, type: entry.type as unknown } : entry));
  const cursor = isPlainObject(cmd.cursor) ? cmd.cursor : {};
  const batchSize = typeof cursor.batchSize === 'number' ? cursor.batchSize : undefined;
  return cursorReply(ctx.cursors.first(`${ctx.db}.$cmd.listCollections`, entries, batchSize), true);
};

function splitNamespace(value: unknown, field: string): [string, string] {
  if (typeof value !== 'string' || !value.includes('.')) {
    throw new CommandError('InvalidNamespace', `Invalid ${field} namespace: ${String(value)}`);
  }
  const dot = value.indexOf('.');
  return [value.slice(0, dot), value.slice(dot + 1)];
}

const renameCollection: CommandHandler = (cmd, ctx) => {
  const [db, name] = splitNamespace(cmd.renameCollection, 'source');
  const [toDb, toName] = splitNamespace(cmd.to, 'target');
  ctx.catalog.rename(db, name, toDb, toName, toBool(cmd.dropTarget));
  return { ok: 1 };
};

const dropDatabase: CommandHandler = (_cmd, ctx) => {
  ctx.catalog.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
};

function dataSize(coll: Collection): number {
  return coll.allStored().reduce((n, d) => n + storedSize(d, calculateObjectSize), 0);
}

const collStats: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, 'collStats');
  const coll = ctx.catalog.get(ctx.db, name);
  if (!coll) throw new CommandError('NamespaceNotFound', `Collection [${ctx.db}.${name}] not found.`);
  const size = dataSize(coll);
  const specs = coll.indexSpecs();
  return {
    ns: coll.ns,
    count: coll.count,
    size,
    avgObjSize: coll.count ? Math.round(size / coll.count) : 0,
    storageSize: size,
    nindexes: specs.length,
    totalIndexSize: 0,
    indexSizes: Object.fromEntries(specs.map((s) => [s.name, 0])),
    ok: 1,
  };
};

const dbStats: CommandHandler = (_cmd, ctx) => {
  const colls = ctx.catalog.collections(ctx.db);
  const size = colls.reduce((n, c) => n + dataSize(c), 0);
  const objects = colls.reduce((n, c) => n + c.count, 0);
  return {
    db: ctx.db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? size / objects : 0,
    dataSize: size,
    storageSize: size,
    indexes: colls.reduce((n, c) => n + c.indexSpecs().length, 0),
    indexSize: 0,
    ok: 1,
  };
};

export const collectionCommands: Record<string, CommandHandler> = {
  create,
  drop,
  listCollections,
  renameCollection,
  dropDatabase,
  collStats,
  dbStats,
};
