// Durability. Every command's journal ops become one checksummed record appended to
// `journal-<gen>.log`; appends are group-committed (one write + fdatasync per batch) and a
// command's reply waits for the fdatasync covering its record. When the journal grows past a
// threshold, the whole catalog is written to `snapshot.bson` (temp file, fsync, rename, fsync dir)
// and a fresh journal generation starts. Recovery loads the snapshot, replays the journal and
// truncates a torn or corrupt tail.
import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import type { Catalog } from './catalog.js';
import type { JournalOp } from './collection.js';
import { decodeRecords, encodeRecord } from './record-file.js';
import { toNumber } from './bson-values.js';

export interface JournalOptions {
  /** Journal size (bytes) after which the next commit compacts into a snapshot. */
  compactBytes: number;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

const SNAPSHOT = 'snapshot.bson';
const SNAPSHOT_TMP = 'snapshot.tmp';
const journalName = (gen: number): string => `journal-${gen}.log`;

function writeAll(fd: number, buf: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (offset: number): void => {
      fs.write(fd, buf, offset, buf.length - offset, null, (err, written) => {
        if (err) reject(err);
        else if (offset + written < buf.length) step(offset + written);
        else resolve();
      });
    };
    step(0);
  });
}

function datasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())));
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
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
  private waiters: Waiter[] = [];
  private flushing = false;
  private compactRequested = false;
  private closed = false;
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

  /** Loads the snapshot and journal of `dir` into `catalog` and opens the journal for appends. */
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
    const journalPath = path.join(dir, journalName(gen));
    let size = 0;
    if (fs.existsSync(journalPath)) {
      const buf = fs.readFileSync(journalPath);
      const { records, validLength } = decodeRecords(buf);
      for (const record of records) for (const op of record) catalog.apply(op);
      if (validLength < buf.length) {
        // a torn or corrupt tail: the write was never acknowledged, drop it
        fs.truncateSync(journalPath, validLength);
      }
      size = validLength;
    }
    catalog.takeOps();
    for (const name of fs.readdirSync(dir)) {
      const stale = name === SNAPSHOT_TMP || (/^journal-\d+\.log$/.test(name) && name !== journalName(gen));
      if (stale) fs.rmSync(path.join(dir, name), { force: true });
    }
    const fd = fs.openSync(journalPath, 'a');
    fs.fsyncSync(fd);
    fsyncDir(dir);
    const journal = new Journal(dir, catalog, options, gen, fd, size);
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
    if (ops.length) this.pending.push(encodeRecord(ops));
    if (!this.pending.length && !this.flushing) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      void this.flushLoop();
    });
  }

  /** Writes a snapshot of the catalog and starts a new journal generation. */
  compact(): Promise<void> {
    this.compactRequested = true;
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      void this.flushLoop();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.size > 0 || this.pending.length) await this.compact();
    else await this.commit([]);
    this.closed = true;
    fs.closeSync(this.fd);
  }

  private async flushLoop(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.waiters.length) {
        const buffers = this.pending;
        const waiters = this.waiters;
        this.pending = [];
        this.waiters = [];
        try {
          if (this.compactRequested || this.size >= Math.max(this.options.compactBytes, this.snapshotBytes)) {
            // the catalog already holds the effects of `buffers`: the snapshot covers them
            this.compactRequested = false;
            this.writeSnapshot();
          } else if (buffers.length) {
            const data = buffers.length === 1 ? (buffers[0] as Buffer) : Buffer.concat(buffers);
            await writeAll(this.fd, data);
            await datasync(this.fd);
            this.size += data.length;
          }
          for (const w of waiters) w.resolve();
        } catch (err) {
          for (const w of waiters) w.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Synchronous: snapshot to temp file, fsync, rename, fsync dir, switch to a new journal. */
  private writeSnapshot(): void {
    const nextGen = this.gen + 1;
    const tmp = path.join(this.dir, SNAPSHOT_TMP);
    const fd = fs.openSync(tmp, 'w');
    try {
      const write = (docs: Document[]): void => {
        const buf = encodeRecord(docs);
        let off = 0;
        while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
      };
      write([{ o: 'header', nextGen, createdAt: new Date() }]);
      let batch: Document[] = [];
      for (const op of this.catalog.snapshotOps()) {
        batch.push(op);
        if (batch.length >= 128) {
          write(batch);
          batch = [];
        }
      }
      if (batch.length) write(batch);
      fs.fsyncSync(fd);
      this.snapshotBytes = fs.fstatSync(fd).size;
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, path.join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
    const oldPath = this.journalPath;
    const newFd = fs.openSync(path.join(this.dir, journalName(nextGen)), 'a');
    fsyncDir(this.dir);
    fs.closeSync(this.fd);
    this.fd = newFd;
    this.gen = nextGen;
    this.size = 0;
    fs.rmSync(oldPath, { force: true });
    this.compactions += 1;
  }
}
