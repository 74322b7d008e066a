// The set of databases and collections held by the store. Every mutation made through it (or
// through its collections) is queued as a journal op; `takeOps` hands the ops of the command just
// executed to the journal. `apply` replays a journal op on recovery; `snapshotOps` lists the ops
// that rebuild the current state; `capture` takes that state at an instant for the snapshot.
import type { Document } from './bson.js';
import { UUID } from './bson.js';
import { Collection, putOp } from './collection.js';
import type { CollectionEnv, JournalOp } from './collection.js';
import { blobRefs } from './blobs.js';
import type { BlobStore } from './blobs.js';
import { CommandError } from './errors.js';
import type { IndexSpec } from './indexes.js';
import { asDocument } from './bson-values.js';
import { fromStored } from './stored-form.js';
import type { Stored } from './stored-form.js';

export class Catalog {
  private readonly databases = new Map<string, Map<string, Collection>>();
  private pending: JournalOp[] = [];
  /** where large binary values are kept; without one, everything stays in memory */
  readonly blobs: BlobStore | undefined;
  private readonly env: CollectionEnv;

  constructor(options: { blobs?: BlobStore } = {}) {
    this.blobs = options.blobs;
    const sink = (op: JournalOp): void => {
      this.pending.push(op);
    };
    this.env = options.blobs ? { sink, blobs: options.blobs } : { sink };
  }

  /** The journal ops queued since the last call. */
  takeOps(): JournalOp[] {
    const ops = this.pending;
    this.pending = [];
    return ops;
  }

  databaseNames(): string[] {
    return Array.from(this.databases.keys()).filter((d) => (this.databases.get(d)?.size ?? 0) > 0);
  }

  collections(db: string): Collection[] {
    return Array.from(this.databases.get(db)?.values() ?? []);
  }

  get(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** The collection, created implicitly (as an insert or createIndexes does) when missing. */
  ensure(db: string, name: string): Collection {
    return this.get(db, name) ?? this.create(db, name, {});
  }

  create(db: string, name: string, options: Document): Collection {
    validateName(db, name);
    if (this.get(db, name)) {
      throw new CommandError('NamespaceExists', `Collection ${db}.${name} already exists.`);
    }
    const coll = new Collection(db, name, options, this.env);
    this.collectionsOf(db).set(name, coll);
    this.env.sink({ o: 'create', d: db, c: name, options, uuid: coll.uuid });
    return coll;
  }

  drop(db: string, name: string): Collection | undefined {
    const coll = this.get(db, name);
    if (!coll) return undefined;
    this.databases.get(db)?.delete(name);
    coll.releaseBlobs();
    this.env.sink({ o: 'drop', d: db, c: name });
    return coll;
  }

  dropDatabase(db: string): void {
    const colls = this.databases.get(db);
    if (!colls) return;
    this.databases.delete(db);
    for (const coll of colls.values()) coll.releaseBlobs();
    this.env.sink({ o: 'dropDatabase', d: db });
  }

  rename(db: string, name: string, toDb: string, toName: string, dropTarget: boolean): void {
    const source = this.get(db, name);
    if (!source) throw new CommandError('NamespaceNotFound', 'source namespace does not exist');
    validateName(toDb, toName);
    const target = this.get(toDb, toName);
    if (target) {
      if (!dropTarget) throw new CommandError('NamespaceExists', 'target namespace exists');
      target.releaseBlobs();
      this.databases.get(toDb)?.delete(toName);
    }
    this.databases.get(db)?.delete(name);
    this.collectionsOf(toDb).set(toName, source.renamed(toDb, toName, this.env));
    this.env.sink({ o: 'rename', d: db, c: name, td: toDb, tc: toName });
  }

  /** Replays one journal op (no checks, nothing queued). */
  apply(op: JournalOp): void {
    const db = String(op.d);
    const name = String(op.c);
    switch (op.o) {
      case 'create': {
        if (this.get(db, name)) return;
        const uuid = op.uuid instanceof UUID ? op.uuid : new UUID();
        this.collectionsOf(db).set(
          name,
          new Collection(db, name, asDocument(op.options) ?? {}, this.env, uuid),
        );
        return;
      }
      case 'put': {
        const doc = asDocument(op.doc) ?? {};
        if (op.b !== undefined && !this.blobs)
          throw new Error('embedded store: a journal op refers to blob files but the store has none');
        this.replayCollection(db, name).put(this.blobs ? this.blobs.fromJournal(doc, op.b) : doc);
        return;
      }
      case 'del':
        this.replayCollection(db, name).delete(op.id);
        return;
      case 'createIndex':
        this.replayCollection(db, name).addIndex(op.spec as IndexSpec);
        return;
      case 'dropIndex':
        this.replayCollection(db, name).dropIndex(String(op.name));
        this.takeOps();
        return;
      case 'drop':
        this.databases.get(db)?.delete(name);
        return;
      case 'dropDatabase':
        this.databases.delete(db);
        return;
      case 'rename': {
        const source = this.get(db, name);
        if (!source) return;
        const toDb = String(op.td);
        const toName = String(op.tc);
        this.databases.get(db)?.delete(name);
        this.collectionsOf(toDb).set(toName, source.renamed(toDb, toName, this.env));
        return;
      }
      default:
        throw new Error(`unknown journal op ${String(op.o)}`);
    }
  }

  /**
   * The current state, captured at once and cheaply: each collection's definition and its
   * stored documents (references: stored documents are never mutated in place, so later writes
   * do not change what was captured). `snapshotOps` turns it into journal ops.
   */
  capture(): CatalogState {
    const state: CollectionState[] = [];
    for (const [db, colls] of this.databases) {
      for (const coll of colls.values()) {
        state.push({
          db,
          name: coll.name,
          options: coll.options,
          uuid: coll.uuid,
          indexes: coll.indexSpecs().filter((spec) => spec.name !== '_id_'),
          docs: coll.allStored(),
        });
      }
    }
    return state;
  }

  /** Ids of every blob file a stored document refers to. */
  blobIds(): Set<string> {
    const ids = new Set<string>();
    for (const colls of this.databases.values()) {
      for (const coll of colls.values()) {
        for (const doc of coll.heldObjects())
          for (const ref of blobRefs(doc)?.values() ?? []) ids.add(ref.id);
      }
    }
    return ids;
  }

  /** Moves large binaries still held in memory to blob files (see Collection.externalizeInline). */
  externalizeInline(): number {
    let changed = 0;
    for (const colls of this.databases.values())
      for (const coll of colls.values()) changed += coll.externalizeInline();
    return changed;
  }

  private replayCollection(db: string, name: string): Collection {
    let coll = this.get(db, name);
    if (!coll) {
      coll = new Collection(db, name, {}, this.env);
      this.collectionsOf(db).set(name, coll);
    }
    return coll;
  }

  private collectionsOf(db: string): Map<string, Collection> {
    let colls = this.databases.get(db);
    if (!colls) {
      colls = new Map();
      this.databases.set(db, colls);
    }
    return colls;
  }
}

interface CollectionState {
  db: string;
  name: string;
  options: Document;
  uuid: UUID;
  indexes: IndexSpec[];
  /** as stored: bytes are immutable, and stored objects are never mutated in place */
  docs: Stored[];
}

/** The catalog at one instant (see `Catalog.capture`). */
export type CatalogState = readonly CollectionState[];

/** The ops that rebuild `state` from nothing. */
export function* snapshotOps(state: CatalogState): Generator<JournalOp> {
  for (const { db, name, options, uuid, indexes, docs } of state) {
    yield { o: 'create', d: db, c: name, options, uuid };
    for (const spec of indexes) yield { o: 'createIndex', d: db, c: name, spec };
    for (const doc of docs) yield putOp(db, name, fromStored(doc));
  }
}

function validateName(db: string, name: string): void {
  if (!db || /[/\\. "$\0]/.test(db))
    throw new CommandError('InvalidNamespace', `Invalid database name: '${db}'`);
  if (!name || name.includes('$') || name.includes('\0') || name.startsWith('.')) {
    throw new CommandError('InvalidNamespace', `Invalid collection name: ${name}`);
  }
}
