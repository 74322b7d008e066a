// Ownership of a data directory: `<dir>/store.lock` holds `{ pid, port, uri }` of the process
// running the store. A lock whose pid is dead is stale and taken over; `readStoreLock` lets an
// admin tool find the URI of the store a live process is serving from a directory.
import fs from 'node:fs';
import path from 'node:path';

export interface StoreLockInfo {
  pid: number;
  port?: number;
  uri?: string;
}

const LOCK_FILE = 'store.lock';
/** data dirs locked by stores of this process */
const heldHere = new Set<string>();

export function lockPath(dir: string): string {
  return path.join(path.resolve(dir), LOCK_FILE);
}

export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseLock(text: string): StoreLockInfo | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, port, uri } = value as Record<string, unknown>;
    if (typeof pid !== 'number') return undefined;
    return {
      pid,
      port: typeof port === 'number' ? port : undefined,
      uri: typeof uri === 'string' ? uri : undefined,
    };
  } catch {
    return undefined;
  }
}

function readLockInfo(dir: string): StoreLockInfo | undefined {
  try {
    return parseLock(fs.readFileSync(lockPath(dir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The lock of a live owner, if any (a lock of this process counts only if a store here holds it). */
function liveOwner(dir: string): StoreLockInfo | undefined {
  const info = readLockInfo(dir);
  if (!info) return undefined;
  if (info.pid === process.pid) return heldHere.has(path.resolve(dir)) ? info : undefined;
  return isPidAlive(info.pid) ? info : undefined;
}

/** Takes the lock of `dir` or throws when a live process owns it. */
export function acquireStoreLock(dir: string): void {
  const file = lockPath(dir);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid }));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      heldHere.add(path.resolve(dir));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = liveOwner(dir);
    if (owner) {
      throw new Error(
        `embedded store: data directory ${dir} is in use by process ${owner.pid}${owner.uri ? ` (${owner.uri})` : ''}`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`embedded store: could not lock data directory ${dir}`);
}

export function writeStoreLock(dir: string, info: StoreLockInfo): void {
  const tmp = `${lockPath(dir)}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(info));
  fs.renameSync(tmp, lockPath(dir));
}

export function releaseStoreLock(dir: string): void {
  const resolved = path.resolve(dir);
  if (!heldHere.has(resolved)) return;
  heldHere.delete(resolved);
  const info = readLockInfo(dir);
  if (!info || info.pid === process.pid) fs.rmSync(lockPath(dir), { force: true });
}

/** The URI of the store serving `dir`, when the process holding its lock is alive; else null. */
export function readStoreLock(dir: string): string | null {
  const info = readLockInfo(dir);
  if (!info?.uri || !isPidAlive(info.pid)) return null;
  return info.uri;
}
