// Counters and histograms of the per-request paths (requests, store commands, cache lookups) kept
// by hand and handed to the registry as collectors: prom-client hashes the label values on every
// inc() and observe(), even on a child from labels(), which costs microseconds a call; here a call
// is one Map lookup per label value (no key string built) and a few additions (a bucket found among
// 13 bounds). The registry formats
// what get() returns at a scrape as it does its own families (the same text: `le` buckets
// cumulative, `+Inf` last, then _sum and _count).
import type { Metric, Registry } from 'prom-client';

interface Cell {
  labels: Record<string, string>;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last is above every bound. */
  perBucket: Float64Array;
}

interface Value {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/** What the registry reads of a metric (prom-client's registry.js, metrics()). */
interface Collector {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  get: () => { name: string; help: string; type: string; values: Value[]; aggregator: 'sum' };
  reset: () => void;
}

/** The cells under one label value: a Map per label, the last one's values are the cells. */
type Level = Map<string, Level | Cell>;

/** Counts (and, with bounds, a histogram of seconds) per combination of label values. */
export class Tally {
  private readonly cells = new Set<Cell>();
  private readonly tree: Level = new Map();
  constructor(
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[] = [],
  ) {}

  /** One event with these label values (in labelNames' order), observed at `seconds`. */
  record(values: readonly string[], seconds = 0): void {
    let level = this.tree;
    const last = this.labelNames.length - 1;
    for (let i = 0; i < last; i++) {
      const value = values[i] ?? '';
      let next = level.get(value) as Level | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    const value = values[last] ?? '';
    let cell = level.get(value) as Cell | undefined;
    if (!cell) {
      const labels = Object.fromEntries(this.labelNames.map((name, i) => [name, values[i] ?? '']));
      cell = { labels, count: 0, sum: 0, perBucket: new Float64Array(this.bounds.length + 1) };
      level.set(value, cell);
      this.cells.add(cell);
    }
    cell.count += 1;
    cell.sum += seconds;
    let i = 0;
    while (i < this.bounds.length && seconds > (this.bounds[i] ?? Infinity)) i += 1;
    cell.perBucket[i] = (cell.perBucket[i] ?? 0) + 1;
  }

  /** Registers the events' count as a counter `name`. */
  counter(register: Registry, name: string, help: string): void {
    this.register(register, name, 'counter', help, () =>
      [...this.cells.values()].map((c) => ({ value: c.count, labels: c.labels })),
    );
  }

  /** Registers the observations as a histogram `name` (its bounds, +Inf, _sum, _count). */
  histogram(register: Registry, name: string, help: string): void {
    this.register(register, name, 'histogram', help, () =>
      [...this.cells.values()].flatMap((c) => this.histogramValues(name, c)),
    );
  }

  private register(
    register: Registry,
    name: string,
    type: Collector['type'],
    help: string,
    values: () => Value[],
  ): void {
    const collector: Collector = {
      name,
      help,
      type,
      get: () => ({ name, help, type, values: values(), aggregator: 'sum' }),
      reset: () => {
        this.cells.clear();
        this.tree.clear();
      },
    };
    // The registry reads only what Collector declares (name, help, type, get, reset).
    register.registerMetric(collector as unknown as Metric);
  }

  private histogramValues(name: string, cell: Cell): Value[] {
    const out: Value[] = [];
    let cumulative = 0;
    this.bounds.forEach((bound, i) => {
      cumulative += cell.perBucket[i] ?? 0;
      out.push({ value: cumulative, labels: { ...cell.labels, le: bound }, metricName: `${name}_bucket` });
    });
    out.push({ value: cell.count, labels: { ...cell.labels, le: '+Inf' }, metricName: `${name}_bucket` });
    out.push({ value: cell.sum, labels: cell.labels, metricName: `${name}_sum` });
    out.push({ value: cell.count, labels: cell.labels, metricName: `${name}_count` });
    return out;
  }
}
