// A package's downloads over a period (docs/registry-api.md, "Download counts"): every UTC day of
// the period with its total (0 for a day without downloads), the period's total, and each
// version's. Also the weekly downloads of many packages at once, which the package page, the
// overview and search ranking read.
import {
  DOWNLOAD_PERIODS,
  formatPackageId,
  RegistryError,
  type DownloadPeriod,
  type PackageDownloads,
  type PackageRef,
} from '@pkg/shared';
import type { RegistryDeps } from '../registry-deps.js';
import { periodDays } from './download-days.js';

/** A row of download_counts, as the answers read it. */
export interface DayCount {
  day: string;
  version: string;
  count: number;
}

/** The answer from the period's days (oldest first) and the rows read for them. */
export function summarizeDownloads(
  name: string,
  period: DownloadPeriod,
  days: readonly string[],
  rows: readonly DayCount[],
): PackageDownloads {
  const perDay = new Map<string, number>(days.map((day) => [day, 0]));
  const perVersion = new Map<string, number>();
  for (const row of rows) {
    const seen = perDay.get(row.day);
    if (seen === undefined || row.count <= 0) continue;
    perDay.set(row.day, seen + row.count);
    perVersion.set(row.version, (perVersion.get(row.version) ?? 0) + row.count);
  }
  const versions = [...perVersion]
    .map(([version, downloads]) => ({ version, downloads }))
    .sort((a, b) => b.downloads - a.downloads || b.version.localeCompare(a.version, 'en', { numeric: true }));
  return {
    name,
    period,
    start: days[0] ?? '',
    end: days.at(-1) ?? '',
    total: versions.reduce((n, v) => n + v.downloads, 0),
    days: [...perDay].map(([day, downloads]) => ({ day, downloads })),
    versions,
  };
}

export async function packageDownloads(
  deps: RegistryDeps,
  input: PackageRef & { period: DownloadPeriod },
): Promise<PackageDownloads> {
  const { namespace, name, period } = input;
  const id = formatPackageId(namespace, name);
  if (!(await deps.models.Package.exists({ namespace, name })))
    throw new RegistryError('NOT_FOUND', `Package ${id} does not exist.`);
  const days = periodDays(deps.clock(), DOWNLOAD_PERIODS[period]);
  const rows = await deps.models.DownloadCount.find(
    { namespace, name, day: { $gte: days[0], $lte: days.at(-1) } },
    { _id: 0, day: 1, version: 1, count: 1 },
  ).lean<DayCount[]>();
  return summarizeDownloads(id, period, days, rows);
}

/**
 * Downloads over the last 7 days, today included (UTC), of each package named, keyed `@ns/name`;
 * a package without downloads is 0. Read from the weekly table (weekly-table.ts): as fresh as the
 * last flush, one aggregation per flush interval whatever the number of packages asked for.
 */
export async function weeklyDownloads(
  deps: RegistryDeps,
  ids: readonly PackageRef[],
): Promise<Map<string, number>> {
  const table = ids.length > 0 ? await deps.downloads.weekly.read() : new Map<string, number>();
  return new Map(
    ids.map((r) => {
      const id = formatPackageId(r.namespace, r.name);
      return [id, table.get(id) ?? 0];
    }),
  );
}

/** The packages most downloaded over the last 7 days, most first (then by id), none without downloads. */
export async function mostDownloaded(
  deps: RegistryDeps,
  limit: number,
): Promise<{ id: string; downloads: number }[]> {
  const table = await deps.downloads.weekly.read();
  return [...table]
    .map(([id, downloads]) => ({ id, downloads }))
    .sort((a, b) => b.downloads - a.downloads || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);
}
