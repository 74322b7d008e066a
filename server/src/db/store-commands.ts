// The store operations of a publish's path, behind one interface that both stores serve
// (docs/performance.md, "Publish, third pass: the store path"):
//   driverCommands     through the mongodb driver on the mongoose connection: a MongoDB server
//                      (MONGODB_URI), or an embedded store in another process
//   inProcessCommands  straight into the embedded store this process runs (EmbeddedStore.run): the
//                      same commands the driver sends, copied through BSON as the wire copies them,
//                      so the store holds and answers exactly what it would from the driver; no
//                      driver, socket, wire protocol or mongoose on the way
// openStore (connect.ts) attaches the in-process path to the connection of the store it started;
// storeCommandsOf picks it when there is one. Each operation behaves as the driver's: an insert
// gives a document without `_id` one (on the document, as the driver does); an insert and an update
// (the package summary's, docs/performance.md, "Publish, fourth pass") throw a write error as the
// driver does (MongoServerError with `code`, `keyPattern`, `keyValue`); a lost store
// is a network error (errors/storage-failure.ts maps it to 503); the options `journaledLater`
// and `readUnjournaled` are db/journaled-later.ts's.
import type { Document } from 'mongodb';
import mongoose, { type Connection } from 'mongoose';
import { JOURNALED_LATER, READ_UNJOURNALED, UNJOURNALED_LEVEL } from './journaled-later.js';

export interface StoreWriteOptions {
  /** Answered once applied, made durable by the caller's later journaled write. */
  journaledLater?: boolean | undefined;
}

export interface StoreFindOptions {
  projection?: Document | undefined;
  sort?: Document | undefined;
  /** At most this many documents (every match when absent). */
  limit?: number | undefined;
  /** May see writes not yet journaled (a step of an operation whose last write is journaled). */
  readUnjournaled?: boolean | undefined;
}

export interface StoreUpdateOptions extends StoreWriteOptions {
  /** Inserts a document made of the filter's equalities and the update when none matches. */
  upsert?: boolean | undefined;
}

export interface StoreCommands {
  /** Which path serves the operations (the tests check which one a store got). */
  readonly path: 'driver' | 'in-process';
  insertOne(collection: string, doc: Document, options?: StoreWriteOptions): Promise<void>;
  /** One update (operators, as the driver's updateOne sends them), journaled unless `journaledLater`. */
  updateOne(
    collection: string,
    filter: Document,
    update: Document,
    options?: StoreUpdateOptions,
  ): Promise<void>;
  find<T = Document>(collection: string, filter: Document, options?: StoreFindOptions): Promise<T[]>;
}

/** One command run by the embedded store of this process (EmbeddedStore.run, on the database bound). */
export type InProcessRun = (command: Document) => Promise<Document>;

/** How each command went, for the store's metrics (monitor-store.ts counts the driver's). */
export type CommandObserver = (commandName: string, ok: boolean, seconds: number) => void;

function databaseOf(connection: Connection) {
  if (!connection.db) throw new mongoose.mongo.MongoNotConnectedError('the database connection is not open');
  return connection.db;
}

/** Through the driver, as mongoose's models reach the store. */
export function driverCommands(connection: Connection): StoreCommands {
  return {
    path: 'driver',
    async insertOne(collection, doc, options = {}) {
      await databaseOf(connection)
        .collection(collection)
        .insertOne(doc, options.journaledLater ? JOURNALED_LATER : {});
    },
    async updateOne(collection, filter, update, options = {}) {
      await databaseOf(connection)
        .collection(collection)
        .updateOne(filter, update, {
          ...(options.upsert ? { upsert: true } : {}),
          ...(options.journaledLater ? JOURNALED_LATER : {}),
        });
    },
    find<T>(collection: string, filter: Document, options: StoreFindOptions = {}) {
      const { projection, sort, limit, readUnjournaled } = options;
      return databaseOf(connection)
        .collection(collection)
        .find(filter, {
          ...(projection ? { projection } : {}),
          ...(sort ? { sort } : {}),
          ...(limit ? { limit } : {}),
          ...(readUnjournaled ? READ_UNJOURNALED : {}),
        })
        .toArray() as Promise<T[]>;
    },
  };
}

/** A first batch large enough for every match: the in-process reply has no message size to keep under. */
const ALL = 2 ** 31 - 1;

/** Straight into the embedded store of this process; `connection`: the one opened on it. */
export function inProcessCommands(
  connection: Connection,
  run: InProcessRun,
  observe?: CommandObserver,
): StoreCommands {
  const command = async (name: string, body: Document): Promise<Document> => {
    // as the driver refuses once the connection is closed
    if (connection.readyState !== mongoose.ConnectionStates.connected)
      throw new mongoose.mongo.MongoNotConnectedError('the database connection is not open');
    const started = performance.now();
    let reply: Document;
    try {
      reply = await run(body);
    } catch (error) {
      observe?.(name, false, (performance.now() - started) / 1000);
      const cause = error instanceof Error ? error : new Error(String(error));
      throw new mongoose.mongo.MongoNetworkError('the embedded store is closed', { cause });
    }
    const ok = reply.ok === 1 && !reply.writeErrors;
    observe?.(name, ok, (performance.now() - started) / 1000);
    if (reply.ok !== 1) throw new mongoose.mongo.MongoServerError(reply);
    return reply;
  };
  return {
    path: 'in-process',
    async insertOne(collection, doc, options = {}) {
      if (doc._id == null) doc._id = new mongoose.mongo.ObjectId();
      const reply = await command('insert', {
        insert: collection,
        documents: [doc],
        ordered: true,
        ...(options.journaledLater ? JOURNALED_LATER : {}),
      });
      const [writeError] = (reply.writeErrors ?? []) as Document[];
      if (writeError) throw new mongoose.mongo.MongoServerError(writeError);
    },
    async updateOne(collection, filter, update, options = {}) {
      const reply = await command('update', {
        update: collection,
        updates: [{ q: filter, u: update, ...(options.upsert ? { upsert: true } : {}) }],
        ordered: true,
        ...(options.journaledLater ? JOURNALED_LATER : {}),
      });
      const [writeError] = (reply.writeErrors ?? []) as Document[];
      if (writeError) throw new mongoose.mongo.MongoServerError(writeError);
    },
    async find<T>(collection: string, filter: Document, options: StoreFindOptions = {}) {
      const { projection, sort, limit, readUnjournaled } = options;
      const reply = await command('find', {
        find: collection,
        filter,
        ...(sort ? { sort } : {}),
        ...(projection ? { projection } : {}),
        ...(limit ? { limit } : {}),
        batchSize: limit || ALL,
        singleBatch: true,
        ...(readUnjournaled ? { readConcern: { level: UNJOURNALED_LEVEL } } : {}),
      });
      return (reply.cursor as { firstBatch: T[] }).firstBatch;
    },
  };
}

const inProcessPaths = new WeakMap<Connection, InProcessRun>();

/** Called by openStore for the embedded store it started in this process. */
export function attachInProcessPath(connection: Connection, run: InProcessRun): void {
  inProcessPaths.set(connection, run);
}

/** The connection's operations: in-process when its store runs in this process, else the driver's. */
export function storeCommandsOf(connection: Connection, observe?: CommandObserver): StoreCommands {
  const run = inProcessPaths.get(connection);
  return run ? inProcessCommands(connection, run, observe) : driverCommands(connection);
}

/** The first document matching `filter` (as a lean `findOne`), or null. */
export async function findOne<T = Document>(
  commands: StoreCommands,
  collection: string,
  filter: Document,
  options: Omit<StoreFindOptions, 'limit'> = {},
): Promise<T | null> {
  const [found] = await commands.find<T>(collection, filter, { ...options, limit: 1 });
  return found ?? null;
}
