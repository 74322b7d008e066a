// The file-system steps the store's durability rests on, shared by the journal and the blob
// files: whole writes, fdatasync of a file, fsync of a directory (so a new or renamed entry
// survives a crash).
import fs from 'node:fs';

/** Writes all of `buf` at the descriptor's position (appends for a file opened with 'a'). */
export function writeAll(fd: number, buf: Buffer): Promise<void> {
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

export function datasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())));
}

/** Opens `target` (a file or a directory), syncs it the way asked, closes it. */
async function syncPath(target: string, how: 'datasync' | 'sync'): Promise<void> {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle[how]();
  } finally {
    await handle.close();
  }
}

/** fdatasync of a file already written and closed. */
export const datasyncFile = (file: string): Promise<void> => syncPath(file, 'datasync');

export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export const fsyncDirAsync = (dir: string): Promise<void> => syncPath(dir, 'sync');
