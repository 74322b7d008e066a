// The weekly downloads of every package downloaded in the last 7 days (UTC, today included), as
// download_counts holds them, read with one aggregation and kept for one flush interval
// (docs/registry-api.md, "Download counts"): the stored counts change only at flushes, so a
// table younger than PKG_DOWNLOADS_FLUSH_MS is as fresh as the store, and this process's own
// flush drops it. Search ranking, the package page and the overview look packages up in it
// instead of asking the store for each list of packages.
import { DOWNLOAD_PERIODS, formatPackageId } from '@pkg/shared';
import type { Models } from '../../../db/models/index.js';
import { periodDays, utcDay } from './download-days.js';

/** `@ns/name` → downloads over the last 7 days; packages without downloads are absent. */
export type WeeklyTable = ReadonlyMap<string, number>;

export interface WeeklyTableCache {
  /** The table of today (UTC), read again when older than the flush interval. */
  read(): Promise<WeeklyTable>;
  /** Drops the table: the next read() asks the store (after a flush of this process). */
  invalidate(): void;
}

async function readTable(model: Models['DownloadCount'], today: Date): Promise<WeeklyTable> {
  const days = periodDays(today, DOWNLOAD_PERIODS['last-week']);
  const rows = await model.aggregate<{ _id: { namespace: string; name: string }; downloads: number }>([
    { $match: { day: { $gte: days[0], $lte: days.at(-1) }, count: { $gt: 0 } } },
    { $group: { _id: { namespace: '$namespace', name: '$name' }, downloads: { $sum: '$count' } } },
  ]);
  return new Map(rows.map(({ _id, downloads }) => [formatPackageId(_id.namespace, _id.name), downloads]));
}

export function createWeeklyTableCache(options: {
  model: Models['DownloadCount'];
  /** The registry's clock: which days are the last 7. */
  clock: () => Date;
  /** How long a table is kept: PKG_DOWNLOADS_FLUSH_MS (measured on the monotonic clock). */
  ttlMs: number;
}): WeeklyTableCache {
  let kept: { day: string; at: number; table: Promise<WeeklyTable> } | undefined;
  return {
    read() {
      const today = options.clock();
      const day = utcDay(today);
      if (kept && kept.day === day && performance.now() - kept.at < options.ttlMs) return kept.table;
      const table = readTable(options.model, today);
      const entry = { day, at: performance.now(), table };
      kept = entry;
      // A failed read is not kept: the next read asks again.
      table.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return table;
    },
    invalidate() {
      kept = undefined;
    },
  };
}
