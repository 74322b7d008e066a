// Durability. Every command's journal ops become one checksummed record appended to
// `journal-<gen>.log`; appends are group-committed (one write + fdatasync per batch) and a
// command's reply waits for the fdatasync covering its record, and a read's for the fdatasync
// covering every record before it (what it could see). A record queued without waiting (`queue`:
// a `j: false` write, server.ts) is written with the next flush, which the next commit starts, or
// within LAZY_FLUSH_MS. Records reach the file in the order they were queued, so the fdatasync a
// reply waits for covers every record queued before it. A failed write or fdatasync leaves the file
// in an unknown state: every later commit is refused, so nothing committed after a lost record is
// ever acknowledged. Blob files (blobs.ts) written by
// a batch's commands are made durable before its records, and blob files its commands gave up
// are unlinked after them.
//
// Compaction never stops the store: when the journal grows past a threshold, the catalog is
// captured at an instant (references to its immutable documents), appends switch to a new
// journal generation, and the captured state is written to `snapshot.bson` in the background, a
// record of about 1 MiB at a time with the event loop free between records (temp file, fsync,
// rename, fsync dir). Only then are the older journals deleted.
//
// Recovery loads the snapshot and replays, in order, every journal from the snapshot's
// generation on: a crash during a background snapshot leaves the previous snapshot with two
// journals, both replayed. A torn or corrupt tail of the last journal is truncated.
import fs from 'node:fs';
import path from 'node:path';
import type { Catalog, CatalogState } from './catalog.js';
import { snapshotOps } from './catalog.js';
import type { JournalOp } from './collection.js';
import { decodeRecords, encodeRecord, encodeSerialized, serializeDocument } from './record-file.js';
import { toNumber } from './bson-values.js';
import { datasync, fsyncDir, fsyncDirAsync, writeAll } from './durable-fs.js';

export interface JournalOptions {
  /** Journal size (bytes) after which the next commit starts a snapshot. */
  compactBytes: number;
  /** Called when a background snapshot fails (the journals it would replace stay). */
  onError?: (err: unknown) => void;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

const SNAPSHOT = 'snapshot.bson';
/** How long a record queued without a waiter may wait for a flush (MongoDB's default commit interval). */
const LAZY_FLUSH_MS = 100;
const SNAPSHOT_TMP = 'snapshot.tmp';
/** Payload size at which a snapshot record is cut and written (then the event loop runs). */
const SNAPSHOT_RECORD_BYTES = 1024 * 1024;
const journalName = (gen: number): string => `journal-${gen}.log`;
const journalGen = (name: string): number | undefined => {
  const match = /^journal-(\d+)\.log$/.exec(name);
  return match ? Number(match[1]) : undefined;
};

/** True when `dir` holds a store's data (a snapshot or a journal): a data directory or a backup. */
export function holdsStoreData(dir: string): boolean {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return names.some((name) => name === SNAPSHOT || journalGen(name) !== undefined);
}

/** Writes `state` as the snapshot whose journals start at `nextGen`; resolves with its size. */
async function writeSnapshot(dir: string, state: CatalogState, nextGen: number): Promise<number> {
  const tmp = path.join(dir, SNAPSHOT_TMP);
  const handle = await fs.promises.open(tmp, 'w');
  let size = 0;
  try {
    const write = async (record: Buffer): Promise<void> => {
      for (let offset = 0; offset < record.length;) {
        const { bytesWritten } = await handle.write(record, offset, record.length - offset);
        offset += bytesWritten;
      }
      size += record.length;
    };
    await write(encodeRecord([{ o: 'header', nextGen, createdAt: new Date() }]));
    let parts: Uint8Array[] = [];
    let bytes = 0;
    for (const op of snapshotOps(state)) {
      const part = serializeDocument(op);
      parts.push(part);
      bytes += part.length;
      if (bytes >= SNAPSHOT_RECORD_BYTES) {
        await write(encodeSerialized(parts));
        parts = [];
        bytes = 0;
      }
    }
    if (parts.length) await write(encodeSerialized(parts));
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  await fs.promises.rename(tmp, path.join(dir, SNAPSHOT));
  await fsyncDirAsync(dir);
  for (const name of await fs.promises.readdir(dir)) {
    const gen = journalGen(name);
    if (gen !== undefined && gen < nextGen) await fs.promises.rm(path.join(dir, name), { force: true });
  }
  return size;
}

export class Journal {
  private readonly dir: string;
  private readonly catalog: Catalog;
  private readonly options: JournalOptions;
  private gen: number;
  private fd: number;
  private size: number;
  /** size of the last snapshot: compaction waits until the journal outgrows it too */
  private snapshotBytes = 0;
  private pending: Buffer[] = [];
  /** blob files given up by the pending records, unlinked once those are on disk */
  private pendingReleased: string[] = [];
  private waiters: Waiter[] = [];
  private flushing = false;
  private compactRequested = false;
  /** callers of `compact` waiting for the next snapshot to be durable */
  private compactWaiters: Waiter[] = [];
  /** the background snapshot being written, if any */
  private snapshotting: Promise<void> | undefined;
  private closed = false;
  /** the failure of a write or fdatasync: every later commit is refused with it */
  private failure: Error | undefined;
  /** the flush of records queued without a waiter, if one is due */
  private lazyFlush: NodeJS.Timeout | undefined;
  /** number of compactions done (for tests and stats) */
  compactions = 0;

  private constructor(
    dir: string,
    catalog: Catalog,
    options: JournalOptions,
    gen: number,
    fd: number,
    size: number,
  ) {
    this.dir = dir;
    this.catalog = catalog;
    this.options = options;
    this.gen = gen;
    this.fd = fd;
    this.size = size;
  }

  /** Loads the snapshot and journals of `dir` into `catalog` and opens the last journal for appends. */
  static open(dir: string, catalog: Catalog, options: JournalOptions): Journal {
    fs.mkdirSync(dir, { recursive: true });
    let gen = 0;
    let snapshotBytes = 0;
    const snapshotPath = path.join(dir, SNAPSHOT);
    if (fs.existsSync(snapshotPath)) {
      const buf = fs.readFileSync(snapshotPath);
      const { records, validLength } = decodeRecords(buf);
      const header = records[0]?.[0];
      if (validLength !== buf.length || header?.o !== 'header') {
        throw new Error(`embedded store: snapshot ${snapshotPath} is corrupt`);
      }
      gen = toNumber(header.nextGen);
      snapshotBytes = buf.length;
      for (const record of records.slice(1)) for (const op of record) catalog.apply(op);
    }
    const names = fs.readdirSync(dir);
    const gens = names
      .map(journalGen)
      .filter((g): g is number => g !== undefined && g >= gen)
      .sort((a, b) => a - b);
    let size = 0;
    for (const [i, g] of gens.entries()) {
      const journalPath = path.join(dir, journalName(g));
      const buf = fs.readFileSync(journalPath);
      const { records, validLength } = decodeRecords(buf);
      for (const record of records) for (const op of record) catalog.apply(op);
      const last = i === gens.length - 1;
      if (validLength < buf.length && !last) {
        // appends moved on to a later journal only after this one was complete on disk
        throw new Error(`embedded store: ${journalPath} is corrupt before a later journal`);
      }
      // a torn or corrupt tail: the write was never acknowledged, drop it
      if (validLength < buf.length) fs.truncateSync(journalPath, validLength);
      if (last) size = validLength;
    }
    catalog.takeOps();
    for (const name of names) {
      const g = journalGen(name);
      if (name === SNAPSHOT_TMP || (g !== undefined && g < gen))
        fs.rmSync(path.join(dir, name), { force: true });
    }
    const appendGen = gens.at(-1) ?? gen;
    const fd = fs.openSync(path.join(dir, journalName(appendGen)), 'a');
    fs.fsyncSync(fd);
    fsyncDir(dir);
    const journal = new Journal(dir, catalog, options, appendGen, fd, size);
    journal.snapshotBytes = snapshotBytes;
    return journal;
  }

  get journalPath(): string {
    return path.join(this.dir, journalName(this.gen));
  }

  /**
   * Queues the ops of one command as a record; resolves once that record (and everything queued
   * before it) is on disk. With no ops, resolves once earlier records are on disk.
   */
  commit(ops: JournalOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('embedded store: journal is closed'));
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (ops.length) this.pending.push(encodeRecord(ops));
    const released = this.catalog.blobs?.takeReleased();
    if (released?.length) this.pendingReleased.push(...released);
    if (!this.pending.length && !this.flushing) return Promise.resolve();
    return this.flushed();
  }

  /**
   * Queues the ops of one command as a record without waiting for it: it is written by the next
   * flush, which the next commit (or a read's) starts, or within LAZY_FLUSH_MS. Throws when the
   * journal is closed or has failed.
   */
  queue(ops: JournalOp[]): void {
    if (this.closed) throw new Error('embedded store: journal is closed');
    if (this.failure !== undefined) throw this.failure;
    if (ops.length) this.pending.push(encodeRecord(ops));
    const released = this.catalog.blobs?.takeReleased();
    if (released?.length) this.pendingReleased.push(...released);
    if (this.pending.length === 0 && this.pendingReleased.length === 0) return;
    this.lazyFlush ??= setTimeout(() => {
      this.lazyFlush = undefined;
      this.flushed().catch((err: unknown) => (this.options.onError ?? (() => undefined))(err));
    }, LAZY_FLUSH_MS);
    this.lazyFlush.unref();
  }

  /** Writes a snapshot of the catalog as it is now; resolves once the snapshot is durable. */
  async compact(): Promise<void> {
    await this.snapshotting?.catch(() => undefined);
    const durable = new Promise<void>((resolve, reject) => this.compactWaiters.push({ resolve, reject }));
    durable.catch(() => undefined); // settled later even if this call fails first
    this.compactRequested = true;
    await this.flushed();
    return durable;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.snapshotting?.catch(() => undefined);
    if (this.size > 0 || this.pending.length) await this.compact();
    else await this.commit([]);
    this.closed = true;
    clearTimeout(this.lazyFlush);
    fs.closeSync(this.fd);
  }

  /** Runs the flush loop at least once more; resolves when that pass has written its records. */
  private flushed(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      void this.flushLoop();
    });
  }

  private snapshotDue(): boolean {
    if (this.snapshotting) return false;
    return this.compactRequested || this.size >= Math.max(this.options.compactBytes, this.snapshotBytes);
  }

  private async flushLoop(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.waiters.length) {
        // this pass writes what was queued without a waiter too
        clearTimeout(this.lazyFlush);
        this.lazyFlush = undefined;
        const buffers = this.pending;
        const waiters = this.waiters;
        const released = this.pendingReleased;
        // blob files that records of this pass (or later ones) refer to
        const newBlobs = this.catalog.blobs?.takeUnsynced() ?? [];
        this.pending = [];
        this.waiters = [];
        this.pendingReleased = [];
        // The catalog holds exactly the journal plus `buffers` at this instant (a command's ops
        // are queued in the same tick it runs): that is the state a snapshot started now covers.
        const state = this.snapshotDue() ? this.catalog.capture() : undefined;
        try {
          // records queued behind a lost one are never written, nor their commands acknowledged
          if (this.failure !== undefined) throw this.failure;
          // a record never reaches the disk before the blob files it refers to
          if (newBlobs.length) await this.catalog.blobs?.syncFiles(newBlobs);
          if (buffers.length) {
            const data = buffers.length === 1 ? (buffers[0] as Buffer) : Buffer.concat(buffers);
            await writeAll(this.fd, data);
            await datasync(this.fd);
            this.size += data.length;
          }
          if (released.length) await this.catalog.blobs?.unlink(released);
          if (state) this.startSnapshot(state);
          for (const w of waiters) w.resolve();
        } catch (err) {
          this.failure ??= new Error(`embedded store: a journal write failed: ${String(err)}`, {
            cause: err,
          });
          for (const w of waiters) w.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Moves appends to a new journal generation and writes `state` in the background. */
  private startSnapshot(state: CatalogState): void {
    const nextGen = this.gen + 1;
    const newFd = fs.openSync(path.join(this.dir, journalName(nextGen)), 'a');
    fsyncDir(this.dir);
    fs.closeSync(this.fd);
    this.fd = newFd;
    this.gen = nextGen;
    this.size = 0;
    const waiters = this.compactWaiters;
    this.compactWaiters = [];
    this.compactRequested = false;
    const running = writeSnapshot(this.dir, state, nextGen).then(
      (bytes) => {
        this.snapshotBytes = bytes;
        this.compactions += 1;
        for (const w of waiters) w.resolve();
      },
      (err: unknown) => {
        for (const w of waiters) w.reject(err);
        if (!waiters.length) (this.options.onError ?? (() => undefined))(err);
      },
    );
    this.snapshotting = running.finally(() => {
      this.snapshotting = undefined;
      // a compact() that arrived while this snapshot ran starts the next one
      if (this.compactRequested && !this.closed) void this.flushed().catch(() => undefined);
    });
  }
}
