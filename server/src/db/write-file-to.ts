// A file written to a stream through two reused buffers (docs/performance.md, "Memory, second pass"): a
// read fills a buffer only once the destination has finished writing what that buffer held before,
// so a download holds 128 KiB whatever its pace, and no buffer is left for the garbage collector.
// The buffers come from a small pool shared by all downloads, and go back to it once the last write
// that used them has completed (never earlier: another download would overwrite bytes in flight).
import { close, read } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** Bytes a read asks for: fs.createReadStream's default. */
const CHUNK_BYTES = 64 * 1024;
/** Buffers kept for later downloads: 64 concurrent downloads without an allocation, 8 MiB. */
const POOL_MAX = 128;
const pool: Buffer[] = [];

const take = () => pool.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
const giveBack = (buffer: Buffer) => {
  if (pool.length < POOL_MAX) pool.push(buffer);
};

function readAt(fd: number, buffer: Buffer, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) =>
    read(fd, buffer, 0, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))),
  );
}

/** Writes `chunk`; resolves once the destination is done with its bytes (rejects if it failed). */
function writeOut(destination: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    destination.write(chunk, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * Writes `size` bytes of the open file `fd` to `destination`, then ends it and waits for it to
 * finish; closes `fd` in every case. Rejects when the file ends early or the destination fails
 * (a client that went away).
 */
export async function writeFileTo(fd: number, size: number, destination: Writable): Promise<void> {
  const buffers = [take(), take()] as const;
  const pending: [Promise<void>, Promise<void>] = [Promise.resolve(), Promise.resolve()];
  // A write to a destination destroyed meanwhile (a client that went away) may never call back:
  // every wait on the writes also ends when the destination closes.
  const closed = new Promise<never>((_, reject) =>
    destination.once('close', () => reject(new Error('the destination was closed'))),
  );
  closed.catch(() => undefined);
  const settled = (write: Promise<unknown>) => Promise.race([write, closed]);
  let position = 0;
  let turn: 0 | 1 = 0;
  try {
    while (position < size) {
      await settled(pending[turn]); // the destination is done with this buffer's previous bytes
      if (destination.destroyed) throw new Error('the destination was closed');
      const buffer = buffers[turn];
      const bytesRead = await readAt(fd, buffer, Math.min(CHUNK_BYTES, size - position), position);
      if (bytesRead === 0) throw new Error(`the file ended at ${position} of ${size} bytes`);
      position += bytesRead;
      pending[turn] = writeOut(destination, buffer.subarray(0, bytesRead));
      pending[turn].catch(() => undefined); // awaited at the buffer's next turn or below
      turn = turn === 0 ? 1 : 0;
    }
    await settled(Promise.all(pending));
    destination.end();
    await finished(destination);
  } finally {
    close(fd, () => undefined);
    // back to the pool only once no write holds them; a write never settled keeps its buffer out
    for (const [i, buffer] of buffers.entries())
      void pending[i]?.then(
        () => giveBack(buffer),
        () => giveBack(buffer),
      );
  }
}
