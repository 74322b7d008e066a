// Open cursors: the remaining result documents of a find / aggregate / listing, handed out in
// batches by getMore. Cursor ids are positive int64 values (Long on the wire); a cursor idle for
// longer than the timeout (10 minutes by default) is discarded by `sweep`.
import { Long, calculateObjectSize } from './bson.js';
import type { Document } from './bson.js';
import { CommandError } from './errors.js';
import { materialize } from './blobs.js';

/**
 * Total size of a batch before it is cut: 1 MiB, well below the 16 MiB a reply may carry. A reply
 * is serialized in bson's one 17 MiB buffer, whose pages stay resident once written: a 16 MiB batch
 * (the search index's first read) would keep 16 MiB of it in memory for the life of the process
 * (docs/performance.md, "Memory, second pass"). A larger read takes a few more getMore round trips.
 */
const MAX_BATCH_BYTES = 1024 * 1024;

interface OpenCursor {
  ns: string;
  docs: Document[];
  position: number;
  lastUsed: number;
  batchSize: number;
}

export interface BatchReply {
  id: Long;
  ns: string;
  batch: Document[];
}

export class CursorManager {
  private readonly cursors = new Map<string, OpenCursor>();
  private readonly timeoutMs: number;

  constructor(timeoutMs = 10 * 60 * 1000) {
    this.timeoutMs = timeoutMs;
  }

  get open(): number {
    return this.cursors.size;
  }

  /**
   * Takes the first batch of `docs`; the rest is kept under a new cursor id unless everything
   * fits or `singleBatch` is set (then the id is 0).
   */
  first(ns: string, docs: Document[], batchSize: number | undefined, singleBatch = false): BatchReply {
    const size = batchSize && batchSize > 0 ? batchSize : 101;
    const { batch, next } = takeBatch(docs, 0, size);
    if (singleBatch || next >= docs.length) return { id: Long.ZERO, ns, batch };
    const id = this.newId();
    this.cursors.set(id.toString(), {
      ns,
      docs,
      position: next,
      lastUsed: Date.now(),
      batchSize: batchSize && batchSize > 0 ? batchSize : 0,
    });
    return { id, ns, batch };
  }

  next(id: Long, ns: string, batchSize: number | undefined): BatchReply {
    const key = id.toString();
    const cursor = this.cursors.get(key);
    if (!cursor) throw new CommandError('CursorNotFound', `cursor id ${key} not found`);
    if (cursor.ns !== ns) {
      throw new CommandError(
        'BadValue',
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`,
      );
    }
    const size = batchSize && batchSize > 0 ? batchSize : cursor.batchSize;
    const { batch, next } = takeBatch(
      cursor.docs,
      cursor.position,
      size > 0 ? size : Number.MAX_SAFE_INTEGER,
    );
    cursor.position = next;
    cursor.lastUsed = Date.now();
    if (cursor.position >= cursor.docs.length) {
      this.cursors.delete(key);
      return { id: Long.ZERO, ns, batch };
    }
    return { id, ns, batch };
  }

  kill(id: Long): boolean {
    return this.cursors.delete(id.toString());
  }

  /** Drops cursors idle for longer than the timeout; returns how many were dropped. */
  sweep(now = Date.now()): number {
    let dropped = 0;
    for (const [key, cursor] of this.cursors) {
      if (now - cursor.lastUsed > this.timeoutMs) {
        this.cursors.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  clear(): void {
    this.cursors.clear();
  }

  private newId(): Long {
    for (;;) {
      const high = Math.floor(Math.random() * 0x7fffffff);
      const low = Math.floor(Math.random() * 0xffffffff) | 0;
      const id = Long.fromBits(low, high);
      if (!id.isZero() && !this.cursors.has(id.toString())) return id;
    }
  }
}

/**
 * Up to `count` documents from `start` (blob fields read from disk), cut before the reply size
 * limit; `next` is the position after them. A document whose blob file is gone was removed
 * since the cursor opened and is left out.
 */
function takeBatch(docs: Document[], start: number, count: number): { batch: Document[]; next: number } {
  const batch: Document[] = [];
  let bytes = 0;
  let i = start;
  for (; i < docs.length && batch.length < count; i++) {
    const doc = materialize(docs[i] as Document);
    if (!doc) continue;
    const size = calculateObjectSize(doc, { ignoreUndefined: true });
    if (batch.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
    batch.push(doc);
    bytes += size;
  }
  return { batch, next: i };
}
