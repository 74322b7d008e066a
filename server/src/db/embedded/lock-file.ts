// Ownership of a data directory (docs/operator.md, "The data directory's lock"). The store holds
// the directory's lock socket (lock-socket.ts) for as long as it runs, and records
// `{ pid, port, uri }` in `<dir>/store.lock` for people and tools. The record is never trusted
// alone: a directory is free when nobody listens on its socket, whatever the record names (a
// crashed process, a zombie, or a process that reused its id), and `readStoreLock` asks the
// holder itself.
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { askHolder, holdLockSocket, lockAddress, parseLockInfo } from './lock-socket.js';
import type { LockAddress, StoreLockInfo } from './lock-socket.js';

export type { StoreLockInfo } from './lock-socket.js';

const LOCK_FILE = 'store.lock';
const ATTEMPTS = 5;

export interface StoreLock {
  /** records where the store listens, in store.lock and in the answer to whoever asks */
  publish(address: { port: number; uri: string }): void;
  /** removes store.lock and frees the directory */
  release(): Promise<void>;
}

export function lockPath(dir: string): string {
  return path.join(path.resolve(dir), LOCK_FILE);
}

function readRecord(dir: string): StoreLockInfo | undefined {
  try {
    return parseLockInfo(fs.readFileSync(lockPath(dir), 'utf8'));
  } catch {
    return undefined;
  }
}

function writeRecord(dir: string, info: StoreLockInfo): void {
  const tmp = `${lockPath(dir)}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(info));
  fs.renameSync(tmp, lockPath(dir));
}

function inUse(dir: string, owner: StoreLockInfo | undefined): Error {
  const who = owner ? `process ${owner.pid}${owner.uri ? ` (${owner.uri})` : ''}` : 'another process';
  return new Error(`embedded store: data directory ${dir} is in use by ${who}`);
}

/** Listens on the lock socket, or throws naming the live holder. */
async function holdOrRefuse(
  dir: string,
  address: LockAddress,
  answer: () => StoreLockInfo,
): Promise<net.Server> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await holdLockSocket(address, answer);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
    const holder = await askHolder(address);
    if (holder.live) throw inUse(dir, holder.info ?? readRecord(dir));
    // nobody listens: a socket file left by a dead holder, or a socket the kernel was freeing
    if (address.kind === 'file') fs.rmSync(address.path, { force: true });
  }
  throw new Error(`embedded store: could not lock data directory ${dir}`);
}

/**
 * Takes the lock of `dir` (an existing directory) or throws when a live process holds it.
 * `platform` chooses the kind of lock socket (lock-socket.ts); it defaults to this system's.
 */
export async function acquireStoreLock(dir: string, platform?: NodeJS.Platform): Promise<StoreLock> {
  let info: StoreLockInfo = { pid: process.pid };
  const server = await holdOrRefuse(dir, lockAddress(dir, platform), () => info);
  let released: Promise<void> | undefined;
  try {
    writeRecord(dir, info);
  } catch (err) {
    server.close();
    throw err;
  }
  return {
    publish({ port, uri }) {
      info = { pid: process.pid, port, uri };
      writeRecord(dir, info);
    },
    release() {
      released ??= new Promise<void>((resolve) => {
        fs.rmSync(lockPath(dir), { force: true });
        server.close(() => resolve());
      });
      return released;
    },
  };
}

/** The store's record as its live holder gives it; undefined when no process holds `dir`. */
export async function readStoreOwner(
  dir: string,
  platform?: NodeJS.Platform,
): Promise<StoreLockInfo | undefined> {
  let address: LockAddress;
  try {
    address = lockAddress(dir, platform);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
  const holder = await askHolder(address);
  if (!holder.live) return undefined;
  return holder.info ?? readRecord(dir);
}

/** The URI of the store serving `dir`, when a live process holds it and listens; else null. */
export async function readStoreLock(dir: string, platform?: NodeJS.Platform): Promise<string | null> {
  return (await readStoreOwner(dir, platform))?.uri ?? null;
}
