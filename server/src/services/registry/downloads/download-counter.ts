// Downloads counted in memory and written in batches (docs/registry-api.md, "Download counts").
// A download costs a Map update on the hot path, never a database write. Every
// PKG_DOWNLOADS_FLUSH_MS the counts move out of memory into one unordered bulkWrite of upserts
// with $inc on download_counts, one row per version and UTC day, so that the counts of several
// server processes add up. A write that fails puts its counts back to be written by the next
// flush; stop() (graceful shutdown, after the last response) writes what is left. A crash loses
// what was counted since the last flush: at most PKG_DOWNLOADS_FLUSH_MS of downloads.
import type { Models } from '../../../db/models/index.js';
import type { Logger } from '../../../logger.js';
import { utcDayCache } from './download-days.js';
import { createWeeklyTableCache, type WeeklyTableCache } from './weekly-table.js';

/** The version a download served. */
export interface CountedVersion {
  namespace: string;
  name: string;
  version: string;
}

export interface DownloadCounter {
  /** One download of the version, today (UTC): counted in memory only. */
  count(version: CountedVersion): void;
  /** Writes every count held in memory (one bulkWrite); resolves with how many downloads it wrote. */
  flush(): Promise<number>;
  /** Flushes every `flushMs` until stop(). */
  start(): void;
  /** Stops the timer and writes what is left; a failure is logged with the downloads it lost. */
  stop(): Promise<void>;
  /** The stored weekly downloads of every package (weekly-table.ts), dropped at each flush. */
  weekly: WeeklyTableCache;
}

export interface DownloadCounterOptions {
  model: Models['DownloadCount'];
  clock: () => Date;
  logger: Logger;
  flushMs: number;
  /** PKG_DOWNLOADS_COUNT=off: count() does nothing (the bench's comparison). */
  enabled: boolean;
}

interface Pending extends CountedVersion {
  day: string;
  count: number;
}

const keyOf = (day: string, namespace: string, name: string, version: string) =>
  `${day}\n${namespace}\n${name}\n${version}`;

/**
 * Which rows of a failed bulkWrite were not written: those its write errors name when the store
 * answered (the others were applied), else all of them (the write may not have reached it).
 */
function unwritten(error: unknown, batch: Pending[]): Pending[] {
  const raw = (error as { writeErrors?: unknown } | null)?.writeErrors;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const indexes = list.map((e) => (e as { index?: unknown }).index);
  if (list.length === 0 || !indexes.every((i): i is number => typeof i === 'number')) return batch;
  return indexes.flatMap((i) => batch[i] ?? []);
}

export function createDownloadCounter(options: DownloadCounterOptions): DownloadCounter {
  const { model, clock, logger, flushMs, enabled } = options;
  let pending = new Map<string, Pending>();
  let writing = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const weekly = createWeeklyTableCache({ model, clock, ttlMs: flushMs });
  const dayOf = utcDayCache();
  const add = (row: Pending) => {
    const key = keyOf(row.day, row.namespace, row.name, row.version);
    const held = pending.get(key);
    if (held) held.count += row.count;
    else pending.set(key, { ...row });
  };

  async function write(): Promise<number> {
    if (pending.size === 0) return 0;
    const batch = [...pending.values()];
    pending = new Map();
    writing = true;
    try {
      await model.bulkWrite(
        batch.map(({ namespace, name, version, day, count }) => ({
          updateOne: {
            filter: { namespace, name, version, day },
            update: { $inc: { count } },
            upsert: true,
          },
        })),
        { ordered: false },
      );
      weekly.invalidate();
      const downloads = batch.reduce((n, p) => n + p.count, 0);
      logger.debug({ downloads, rows: batch.length }, 'downloads flushed');
      return downloads;
    } catch (error) {
      for (const row of unwritten(error, batch)) add(row);
      throw error;
    } finally {
      writing = false;
    }
  }

  /** One write at a time, in order: a flush after count() always includes that count. */
  function flush(): Promise<number> {
    const next = chain.then(write, write);
    chain = next.catch(() => undefined);
    return next;
  }

  return {
    count({ namespace, name, version }) {
      if (!enabled) return;
      const day = dayOf(clock().getTime());
      const key = keyOf(day, namespace, name, version);
      const held = pending.get(key);
      if (held) held.count += 1;
      else pending.set(key, { namespace, name, version, day, count: 1 });
    },
    flush,
    weekly,
    start() {
      if (timer || !enabled) return;
      timer = setInterval(() => {
        if (writing) return;
        flush().catch((err: unknown) =>
          logger.warn({ err }, 'downloads not written yet; kept for the next flush'),
        );
      }, flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush().catch((err: unknown) => {
        const lost = [...pending.values()].reduce((n, p) => n + p.count, 0);
        logger.error({ err, downloads: lost }, 'downloads counted since the last flush were not written');
      });
    },
  };
}
