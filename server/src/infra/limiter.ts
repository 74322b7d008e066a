// Rate limits and the authentication-failure block, with counters in MongoDB so that every
// server process shares them.
//
// Request counters are fixed windows. Each process counts hits locally and flushes them with
// one `$inc` per key every `flushMs` (a write per request would put a journal fsync on every
// read); the answer of the flush is the global count across processes. A process therefore
// decides on the global count as of its last flush plus its own hits since: across processes
// a limit can be overshot by at most what the others served within one flush interval.
// Authentication failures are rare and written through at once.
import type { Models } from '../db/models/index.js';
import { findOne, type StoreCommands } from '../db/store-commands.js';
import type { LimitDecision, Limiter } from './limit-types.js';

export type { LimitDecision, Limiter };

export interface LimiterOptions {
  authFailureLimit: number;
  authFailureWindowMs: number;
  authBlockMs: number;
  flushMs?: number;
  clock: () => Date;
  /** The store's operations the block is read with (a publish's path: db/store-commands.ts). */
  commands: StoreCommands;
}

interface WindowCount {
  /** Global count as of the last flush. */
  known: number;
  /** Hits of this process not yet flushed. */
  pending: number;
  /** Hits of this process sent by the flush under way, not yet in `known`. */
  sending: number;
  expiresAt: Date;
}

/** The client's authentication-failure block, if any (the counter `block:<client>`). */
const blockOf = (commands: StoreCommands, counters: string, client: string) =>
  findOne<{ blockedUntil?: Date | null }>(commands, counters, { _id: `block:${client}` });

export function createLimiter(models: Models, options: LimiterOptions): Limiter {
  const { Counter } = models;
  const windows = new Map<string, WindowCount>();
  let flushing: Promise<void> | undefined;

  const flush = async (): Promise<void> => {
    const now = options.clock().getTime();
    const batch = [...windows].filter(([, w]) => w.pending > 0);
    for (const [id, w] of windows) if (w.expiresAt.getTime() < now && w.pending === 0) windows.delete(id);
    for (const [id, w] of batch) {
      // The hits sent stay counted (`sending`) until the store's answer includes them: a hit
      // decided while the flush is under way sees them, so one process never overshoots a limit.
      const sending = w.pending;
      w.pending = 0;
      w.sending = sending;
      const doc = await Counter.findOneAndUpdate(
        { _id: id },
        { $inc: { count: sending }, $setOnInsert: { expiresAt: w.expiresAt } },
        { upsert: true, returnDocument: 'after', lean: true },
      ).catch(() => {
        w.pending += sending;
        return null;
      });
      w.sending = 0;
      if (doc) w.known = doc.count;
    }
  };
  const runFlush = () => {
    flushing ??= flush().finally(() => (flushing = undefined));
    return flushing;
  };
  const timer = setInterval(() => void runFlush(), options.flushMs ?? 250);
  timer.unref();

  return {
    hit(key, limit, windowMs) {
      const now = options.clock().getTime();
      const windowIndex = Math.floor(now / windowMs);
      const windowEnd = (windowIndex + 1) * windowMs;
      const retryAfter = Math.max(1, Math.ceil((windowEnd - now) / 1000));
      if (limit <= 0) return { allowed: true, retryAfter, limit, remaining: Number.POSITIVE_INFINITY };
      const id = `rate:${key}:${windowIndex}`;
      let w = windows.get(id);
      if (!w) {
        w = { known: 0, pending: 0, sending: 0, expiresAt: new Date(windowEnd + 60_000) };
        windows.set(id, w);
      }
      const used = w.known + w.sending + w.pending;
      if (used >= limit) return { allowed: false, retryAfter, limit, remaining: 0 };
      w.pending += 1;
      return { allowed: true, retryAfter, limit, remaining: limit - used - 1 };
    },
    async blockedFor(client) {
      const doc = await blockOf(options.commands, Counter.collection.collectionName, client);
      const until = doc?.blockedUntil?.getTime() ?? 0;
      const left = until - options.clock().getTime();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    async recordAuthFailure(client) {
      const now = options.clock().getTime();
      const windowIndex = Math.floor(now / options.authFailureWindowMs);
      const windowEnd = (windowIndex + 1) * options.authFailureWindowMs;
      const doc = await Counter.findOneAndUpdate(
        { _id: `authfail:${client}:${windowIndex}` },
        { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(windowEnd) } },
        { upsert: true, returnDocument: 'after', lean: true },
      );
      if (doc && doc.count >= options.authFailureLimit) {
        const until = new Date(now + options.authBlockMs);
        await Counter.updateOne(
          { _id: `block:${client}` },
          { $set: { blockedUntil: until, expiresAt: until }, $setOnInsert: { count: 0 } },
          { upsert: true },
        );
      }
    },
    flush: runFlush,
    async close() {
      clearInterval(timer);
      await runFlush();
    },
  };
}
