// What the soak counts: each answer by class, minute and status (with the error code of a 5xx),
// latencies per class and minute, and the server's samples (RSS and fds from /proc, heap, handles
// and event-loop delay from the probe over IPC). Prints a block per minute and the final table.
import { readdirSync, readFileSync } from 'node:fs';

export const CLASSES = ['read', 'download', 'publish', 'v1', 'bot', 'hostile', 'burst', 'slow'] as const;
export type Klass = (typeof CLASSES)[number];

export interface Answer {
  klass: Klass;
  /** 0: no HTTP answer (connection error or the client's own timeout). */
  status: number;
  /** The error body's code, read for 5xx answers. */
  code?: string | undefined;
  ms: number;
  /** Seconds since the soak began. */
  at: number;
  what: string;
}

export interface ServerSample {
  at: number;
  rssMiB: number;
  fds: number;
  heapUsedMiB?: number;
  heapTotalMiB?: number;
  /** Heap used right after a full collection (one sample a minute): what the server holds. */
  heapLiveMiB?: number;
  /** Publishes acknowledged so far (the versions the server's caches may come to hold). */
  published?: number;
  handles?: number;
  eld?: { p50: number; p99: number; max: number };
}

interface Minute {
  counts: Map<Klass, Map<string, number>>;
  latencies: Map<Klass, number[]>;
}

const MiB = 1024 * 1024;

export function procSample(pid: number, at: number): ServerSample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { at, rssMiB: rssKb / 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? Number.NaN : num / den;
}

export class Recorder {
  readonly minutes: Minute[] = [];
  readonly samples: ServerSample[] = [];
  /** Every 5xx and every answer without status, kept whole for the final table. */
  readonly failures: Answer[] = [];
  /** Every answer, compact: for the fault windows. */
  readonly answers: Answer[] = [];

  add(answer: Answer): void {
    const index = Math.floor(answer.at / 60);
    const minute = (this.minutes[index] ??= { counts: new Map(), latencies: new Map() });
    const key =
      answer.status >= 500 && answer.code ? `${answer.status} ${answer.code}` : String(answer.status);
    const counts = minute.counts.get(answer.klass) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    minute.counts.set(answer.klass, counts);
    const lat = minute.latencies.get(answer.klass) ?? [];
    lat.push(answer.ms);
    minute.latencies.set(answer.klass, lat);
    if (answer.status === 0 || answer.status >= 500) this.failures.push(answer);
    this.answers.push(answer);
  }

  /** The lines of minute `index` (0-based) and the server's last sample in it. */
  minuteReport(index: number): string {
    const minute = this.minutes[index];
    const lines = [`── minute ${index + 1} ──`];
    for (const klass of CLASSES) {
      const counts = minute?.counts.get(klass);
      if (!counts) continue;
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const byStatus = [...counts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, n]) => `${status}:${n}`)
        .join(' ');
      const lat = [...(minute?.latencies.get(klass) ?? [])].sort((a, b) => a - b);
      lines.push(
        `  ${klass.padEnd(8)} n=${String(total).padEnd(6)} p50 ${fmt(percentile(lat, 50))} ms  p99 ${fmt(percentile(lat, 99))} ms  ${byStatus}`,
      );
    }
    const sample = [...this.samples].reverse().find((s) => s.at < (index + 1) * 60 + 1);
    if (sample) lines.push(`  server   ${describeSample(sample)}`);
    return lines.join('\n');
  }

  /** RSS slope in MiB/min over the samples from minute `from` on. */
  rssSlope(from: number): { slope: number; points: number } {
    return this.slopeOf(from, (s) => s.rssMiB);
  }

  /** Slope in MiB/min of the live heap (after a full collection) from minute `from` on, first and last. */
  liveSlope(from: number): {
    slope: number;
    points: number;
    first?: number;
    last?: number;
    perPublishKiB: number;
  } {
    const live = this.samples.filter((s) => s.at >= from * 60 && s.heapLiveMiB !== undefined);
    const [first, last] = [live[0], live.at(-1)];
    const published = (last?.published ?? 0) - (first?.published ?? 0);
    const grown = ((last?.heapLiveMiB ?? 0) - (first?.heapLiveMiB ?? 0)) * 1024;
    return {
      ...this.slopeOf(from, (s) => s.heapLiveMiB),
      perPublishKiB: published > 0 ? grown / published : Number.NaN,
    };
  }

  private slopeOf(from: number, y: (s: ServerSample) => number | undefined) {
    const points = this.samples
      .filter((s) => s.at >= from * 60 && y(s) !== undefined)
      .map((s) => ({ x: s.at / 60, y: y(s) ?? 0 }));
    return { slope: slope(points), points: points.length, first: points[0]?.y, last: points.at(-1)?.y };
  }
}

export function describeSample(s: ServerSample): string {
  const live = s.heapLiveMiB !== undefined ? `live ${fmt(s.heapLiveMiB)} MiB  ` : '';
  const heap =
    s.heapUsedMiB !== undefined ? `heap ${fmt(s.heapUsedMiB)}/${fmt(s.heapTotalMiB ?? 0)} MiB  ${live}` : '';
  const eld = s.eld
    ? `  event-loop delay p50 ${fmt(s.eld.p50)} p99 ${fmt(s.eld.p99)} max ${fmt(s.eld.max)} ms`
    : '';
  const handles = s.handles !== undefined ? `handles ${s.handles}  ` : '';
  return `rss ${fmt(s.rssMiB)} MiB  ${heap}${handles}fds ${s.fds}${eld}`;
}

export function fmt(n: number): string {
  if (!Number.isFinite(n)) return '-';
  return n >= 100 ? n.toFixed(0) : n.toFixed(1);
}

export const toMiB = (bytes: number) => bytes / MiB;
