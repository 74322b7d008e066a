// Artifacts on the server's local disk, in front of GridFS. A stored artifact never changes and
// its GridFS file id is never reused, so a copy needs no invalidation, in one process or several
// sharing the directory. A copy enters only with bytes that hash to the integrity recorded at
// publish: written at publish (the bytes the publish checked, while GridFS's copy is written and
// read back; removed if that fails) or by the first download
// from GridFS, to a temporary file renamed into place, so a reader never sees a partial file.
// The least recently used copies leave when the directory passes its byte budget; a copy another
// process removed is simply read from GridFS again. Downloads then write a file through two reused
// buffers (write-file-to.ts), and the operating system's page cache keeps hot artifacts in memory
// without the server holding them.
import { randomBytes } from 'node:crypto';
import {
  close,
  createReadStream,
  createWriteStream,
  fstat,
  mkdirSync,
  open as openFd,
  readdirSync,
  rmSync,
  statSync,
  writeFile as writeFileCallback,
} from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createIntegrityHasher } from '@pkg/shared';
import { LRUCache } from 'lru-cache';
import { writeFileTo } from './write-file-to.js';

export interface DiskArtifactCache {
  /** The copy of `key` as a stream, or undefined when there is none. */
  read(key: string): Promise<Readable | undefined>;
  /** The copy of `key` opened for one `writeTo` (write-file-to.ts), or undefined when there is none. */
  send(key: string): Promise<SendableBytes | undefined>;
  /** Keeps `bytes` (already verified) as the copy of `key`; failures are reported, not thrown. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** A copy being written while `key` streams from GridFS; undefined when not wanted. */
  fill(key: string, size: number, integrity: string): DiskFill | undefined;
  delete(key: string): Promise<void>;
}

/** Bytes opened to be written once to a stream, which is then ended. */
export interface SendableBytes {
  /** Writes every byte to `destination` and ends it; rejects when either side fails. */
  writeTo(destination: Writable): Promise<void>;
}

export interface DiskFill {
  write(chunk: Buffer): void;
  /** Keeps the copy if the bytes hash to the integrity; else drops it. */
  end(): Promise<void>;
  abort(): void;
}

export interface DiskArtifactCacheOptions {
  dir: string;
  maxBytes: number;
  onError: (error: unknown, what: string) => void;
}

const KEY = /^[0-9a-f]{24}$/;
const openForReading = promisify(openFd);
/** fs.writeFile with callbacks: fewer steps than the promises API's FileHandle for one small write. */
const writeFile = promisify(writeFileCallback);
const sizeOf = (fd: number) => promisify(fstat)(fd).then((stats) => stats.size);

/** What the steps below share: the directory, its budget, the copies kept and those being written. */
interface DiskState {
  dir: string;
  maxBytes: number;
  onError: DiskArtifactCacheOptions['onError'];
  /** The copies on disk and their sizes, least recently used first out. */
  copies: LRUCache<string, number>;
  /** Keys whose copy is being written (one writer a key). */
  filling: Set<string>;
}

const fileOf = (state: DiskState, key: string) => path.join(state.dir, key);
/** Temporary names: this process's random tag and a count, unique among the processes sharing the directory. */
const PROCESS_TAG = randomBytes(6).toString('hex');
let temporaries = 0;
const temporaryOf = (state: DiskState, key: string) =>
  path.join(state.dir, `${key}.${PROCESS_TAG}${(temporaries += 1).toString(36)}.tmp`);

/** The copies kept, by size; one leaving the budget (or deleted) is unlinked at once. */
function createCopies(options: DiskArtifactCacheOptions): LRUCache<string, number> {
  const { dir, maxBytes, onError } = options;
  return new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (size) => Math.max(1, size),
    dispose: (_size, key, reason) => {
      if (reason !== 'evict' && reason !== 'delete') return;
      try {
        rmSync(path.join(dir, key), { force: true }); // an unlink: done at once, so the budget holds on disk
      } catch (error) {
        onError(error, 'remove');
      }
    },
  });
}

/** What an earlier run left: copies (oldest first, so they leave first) and unfinished writes. */
function adoptEarlierCopies(state: DiskState): void {
  mkdirSync(state.dir, { recursive: true });
  const found: { key: string; size: number; mtime: number }[] = [];
  for (const name of readdirSync(state.dir)) {
    const file = path.join(state.dir, name);
    if (!KEY.test(name)) {
      if (name.endsWith('.tmp')) rmSync(file, { force: true });
      continue;
    }
    const stats = statSync(file);
    if (stats.isFile()) found.push({ key: name, size: stats.size, mtime: stats.mtimeMs });
  }
  for (const { key, size } of found.sort((a, b) => a.mtime - b.mtime)) state.copies.set(key, size);
}

/** Whether a copy of `key` (`size` bytes) may be started: none kept, none being written, in budget. */
function mayStart(state: DiskState, key: string, size: number): boolean {
  return KEY.test(key) && size <= state.maxBytes && !state.copies.has(key) && !state.filling.has(key);
}

/** Renames the finished temporary file into place (or drops it if over the whole budget). */
async function keep(state: DiskState, key: string, temporary: string, size: number): Promise<void> {
  if (size > state.maxBytes) {
    await rm(temporary, { force: true });
    return;
  }
  await rename(temporary, fileOf(state, key));
  state.copies.set(key, size);
}

/** The copy of `key` opened, with its size checked against the one recorded; undefined if none. */
async function openCopy(state: DiskState, key: string): Promise<{ fd: number; size: number } | undefined> {
  const size = state.copies.get(key);
  if (size === undefined) return undefined;
  let fd: number;
  try {
    fd = await openForReading(fileOf(state, key), 'r');
  } catch {
    state.copies.delete(key);
    return undefined;
  }
  if ((await sizeOf(fd).catch(() => -1)) !== size) {
    close(fd, () => undefined);
    state.copies.delete(key);
    return undefined;
  }
  return { fd, size };
}

async function readCopy(state: DiskState, key: string): Promise<Readable | undefined> {
  const copy = await openCopy(state, key);
  // a descriptor and fs.createReadStream: callback reads, faster than a FileHandle's stream;
  // 64 KiB reads (the default): each reader holds a few of them, not a whole artifact
  return copy && createReadStream(fileOf(state, key), { fd: copy.fd });
}

async function sendCopy(state: DiskState, key: string): Promise<SendableBytes | undefined> {
  const copy = await openCopy(state, key);
  if (!copy) return undefined;
  return { writeTo: (destination) => writeFileTo(copy.fd, copy.size, destination) };
}

async function writeCopy(state: DiskState, key: string, bytes: Uint8Array): Promise<void> {
  if (!mayStart(state, key, bytes.byteLength)) return;
  state.filling.add(key);
  const temporary = temporaryOf(state, key);
  try {
    await writeFile(temporary, bytes);
    await keep(state, key, temporary, bytes.byteLength);
  } catch (error) {
    await rm(temporary, { force: true });
    state.onError(error, 'write');
  } finally {
    state.filling.delete(key);
  }
}

function startFill(state: DiskState, key: string, size: number, integrity: string): DiskFill | undefined {
  if (!mayStart(state, key, size)) return undefined;
  state.filling.add(key);
  const temporary = temporaryOf(state, key);
  const hasher = createIntegrityHasher();
  const out = createWriteStream(temporary, { flags: 'wx' });
  const written = finished(out);
  written.catch(() => undefined); // awaited, and reported, below
  const finish = async (complete: boolean) => {
    try {
      if (complete) out.end();
      else out.destroy();
      await written.catch((error: unknown) => {
        if (complete) throw error;
      });
      const copied = hasher.digest();
      if (complete && copied.integrity === integrity && copied.size === size)
        await keep(state, key, temporary, size);
      else await rm(temporary, { force: true });
    } catch (error) {
      await rm(temporary, { force: true });
      state.onError(error, 'fill');
    } finally {
      state.filling.delete(key);
    }
  };
  return {
    write(chunk) {
      hasher.update(chunk);
      out.write(chunk);
    },
    end: () => finish(true),
    abort: () => void finish(false),
  };
}

export function createDiskArtifactCache(options: DiskArtifactCacheOptions): DiskArtifactCache {
  const state: DiskState = {
    dir: options.dir,
    maxBytes: options.maxBytes,
    onError: options.onError,
    copies: createCopies(options),
    filling: new Set(),
  };
  adoptEarlierCopies(state);
  return {
    read: (key) => readCopy(state, key),
    send: (key) => sendCopy(state, key),
    write: (key, bytes) => writeCopy(state, key, bytes),
    fill: (key, size, integrity) => startFill(state, key, size, integrity),
    async delete(key) {
      state.copies.delete(key);
      await rm(fileOf(state, key), { force: true });
    },
  };
}
