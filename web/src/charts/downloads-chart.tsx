// A package's downloads per day (packages.downloads over the last 90 days) drawn with recharts: one
// bar a UTC day, oldest first. The chart is an image to assistive technology, labelled with what it
// shows; the section around it says the totals in words. Only the package pages import it, lazily
// (components/package/downloads-section.tsx), so recharts is not part of their first load.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export interface DayDownloads {
  /** `YYYY-MM-DD`, UTC */
  day: string;
  downloads: number;
}

/** "Nov 27" from "2026-11-27", read as UTC. */
function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function DownloadsChart({ days, label }: { days: readonly DayDownloads[]; label: string }) {
  return (
    <div className="downloads-chart" role="img" aria-label={label} data-testid="downloads-chart">
      <BarChart
        responsive
        data={[...days]}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        style={{ width: '100%', height: 200 }}
      >
        <CartesianGrid vertical={false} className="downloads-grid" />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={32} />
        <YAxis allowDecimals={false} width={48} />
        <Tooltip
          labelFormatter={(day) => (typeof day === 'string' ? `${day} (UTC)` : '')}
          formatter={(n) => [String(n), 'downloads']}
        />
        <Bar dataKey="downloads" className="downloads-bar" isAnimationActive={false} />
      </BarChart>
    </div>
  );
}
