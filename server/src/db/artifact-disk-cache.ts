// Artifacts on the server's local disk, in front of GridFS. A stored artifact never changes and
// its GridFS file id is never reused, so a copy needs no invalidation, in one process or several
// sharing the directory. A copy enters only with bytes that hash to the integrity recorded at
// publish: written at publish (the bytes just verified against GridFS) or by the first download
// from GridFS, to a temporary file renamed into place, so a reader never sees a partial file.
// The least recently used copies leave when the directory passes its byte budget; a copy another
// process removed is simply read from GridFS again. Downloads then stream a file, as node:http
// serving a file does, and the operating system's page cache keeps hot artifacts in memory
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
} from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createIntegrityHasher } from '@pkg/shared';
import { LRUCache } from 'lru-cache';

export interface DiskArtifactCache {
  /** The copy of `key` as a stream, or undefined when there is none. */
  read(key: string): Promise<Readable | undefined>;
  /** Keeps `bytes` (already verified) as the copy of `key`; failures are reported, not thrown. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** A copy being written while `key` streams from GridFS; undefined when not wanted. */
  fill(key: string, size: number, integrity: string): DiskFill | undefined;
  delete(key: string): Promise<void>;
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
const sizeOf = (fd: number) => promisify(fstat)(fd).then((stats) => stats.size);

export function createDiskArtifactCache(options: DiskArtifactCacheOptions): DiskArtifactCache {
  const { dir, maxBytes, onError } = options;
  const fileOf = (key: string) => path.join(dir, key);
  const temporaryOf = (key: string) => path.join(dir, `${key}.${randomBytes(6).toString('hex')}.tmp`);
  const copies = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (size) => Math.max(1, size),
    dispose: (_size, key, reason) => {
      if (reason !== 'evict' && reason !== 'delete') return;
      try {
        rmSync(fileOf(key), { force: true }); // an unlink: done at once, so the budget holds on disk
      } catch (error) {
        onError(error, 'remove');
      }
    },
  });
  const filling = new Set<string>();

  // What an earlier run left: copies (oldest first, so they leave first) and unfinished writes.
  mkdirSync(dir, { recursive: true });
  const found: { key: string; size: number; mtime: number }[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!KEY.test(name)) {
      if (name.endsWith('.tmp')) rmSync(file, { force: true });
      continue;
    }
    const stats = statSync(file);
    if (stats.isFile()) found.push({ key: name, size: stats.size, mtime: stats.mtimeMs });
  }
  for (const { key, size } of found.sort((a, b) => a.mtime - b.mtime)) copies.set(key, size);

  const keep = async (key: string, temporary: string, size: number) => {
    if (size > maxBytes) {
      await rm(temporary, { force: true });
      return;
    }
    await rename(temporary, fileOf(key));
    copies.set(key, size);
  };

  return {
    async read(key) {
      const size = copies.get(key);
      if (size === undefined) return undefined;
      // a descriptor and fs.createReadStream: callback reads, faster than a FileHandle's stream
      let fd: number;
      try {
        fd = await openForReading(fileOf(key), 'r');
      } catch {
        copies.delete(key);
        return undefined;
      }
      if ((await sizeOf(fd).catch(() => -1)) !== size) {
        close(fd, () => undefined);
        copies.delete(key);
        return undefined;
      }
      // 64 KiB reads (the default): each reader holds a few of them, not a whole artifact
      return createReadStream(fileOf(key), { fd });
    },

    async write(key, bytes) {
      if (!KEY.test(key) || bytes.byteLength > maxBytes || copies.has(key) || filling.has(key)) return;
      filling.add(key);
      const temporary = temporaryOf(key);
      try {
        await writeFile(temporary, bytes);
        await keep(key, temporary, bytes.byteLength);
      } catch (error) {
        await rm(temporary, { force: true });
        onError(error, 'write');
      } finally {
        filling.delete(key);
      }
    },

    fill(key, size, integrity) {
      if (!KEY.test(key) || size > maxBytes || copies.has(key) || filling.has(key)) return undefined;
      filling.add(key);
      const temporary = temporaryOf(key);
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
            await keep(key, temporary, size);
          else await rm(temporary, { force: true });
        } catch (error) {
          await rm(temporary, { force: true });
          onError(error, 'fill');
        } finally {
          filling.delete(key);
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
    },

    async delete(key) {
      copies.delete(key);
      await rm(fileOf(key), { force: true });
    },
  };
}
