// A package's downloads (packages.downloads; counted per version per day, docs/registry-api.md):
// the count of the last 7 days, then the last 90 days as a chart. The chart (recharts) is loaded
// only when there is a series to draw, and only once `drawChart` says the page's main content
// (SKILL.md) is on screen, so the package page's first load does not wait for it
// (docs/performance.md, "The package page").
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { PackageDownloads } from '@pkg/shared/contract';
import { downloadsThisWeek, formatCount } from '../../lib/format';
import { useTRPC } from '../../lib/use-trpc';
import { QueryState } from '../query-state';

const DownloadsChart = lazy(() =>
  import('../../charts/downloads-chart').then((m) => ({ default: m.DownloadsChart })),
);

export function DownloadsSection({
  namespace,
  name,
  drawChart,
}: {
  namespace: string;
  name: string;
  /** Whether the chart may load now; until then the totals are said in words alone. */
  drawChart: boolean;
}) {
  const trpc = useTRPC();
  const week = useQuery(trpc.packages.downloads.queryOptions({ namespace, name, period: 'last-week' }));
  const quarter = useQuery(trpc.packages.downloads.queryOptions({ namespace, name, period: 'last-90-days' }));
  return (
    <section aria-labelledby="downloads-heading" className="panel downloads">
      <h2 id="downloads-heading">Downloads</h2>
      <QueryState query={week} what="the downloads of the last 7 days">
        {(data) => (
          <p className="big-number" data-testid="package-weekly-downloads">
            {downloadsThisWeek(data.total)}
          </p>
        )}
      </QueryState>
      <QueryState query={quarter} what="the downloads of the last 90 days">
        {(data) => <NinetyDays data={data} drawChart={drawChart} />}
      </QueryState>
    </section>
  );
}

type DayCount = PackageDownloads['days'][number];

function NinetyDays({ data, drawChart }: { data: PackageDownloads; drawChart: boolean }) {
  const peak = data.days.reduce<DayCount | undefined>(
    (best, d) => (!best || d.downloads > best.downloads ? d : best),
    undefined,
  );
  const summary =
    `${formatCount(data.total)} downloads from ${data.start} to ${data.end} (UTC)` +
    (peak && peak.downloads > 0 ? `, most on ${peak.day} (${formatCount(peak.downloads)})` : '');
  if (data.total === 0) return <p data-testid="downloads-none">No downloads in the last 90 days.</p>;
  return (
    <>
      <p className="muted" data-testid="downloads-90-days">
        {summary}
      </p>
      {drawChart ? (
        <Suspense fallback={<p role="status">Loading the chart…</p>}>
          <DownloadsChart days={data.days} label={`Downloads per day: ${summary}`} />
        </Suspense>
      ) : null}
    </>
  );
}
