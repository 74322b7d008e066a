// Load generation for the registry benchmark: autocannon runs (rates, latency percentiles,
// throughput) and sequential request timing, reduced to the rows the report prints.
import autocannon from 'autocannon';

export interface LoadResult {
  /** Requests per second (mean of autocannon's one-second samples). */
  rps: number;
  p50: number;
  p99: number;
  /** Response bytes per second, in MB/s (10^6 bytes). */
  mbps: number;
  requests: number;
  /** Connection errors plus non-2xx answers: a row with failures is not a valid measurement. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** Each request's path; called once per request (random keys). */
  path?: () => string;
  headers?: Record<string, string>;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const pathOf = options.path;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    ...(pathOf ? { requests: [{ setupRequest: (req) => ({ ...req, path: pathOf() }) }] } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mbps: result.throughput.average / 1e6,
    requests: result.requests.total,
    failures: result.errors + result.non2xx,
  };
}

export interface TimedResult {
  p50: number;
  p99: number;
  mean: number;
  count: number;
}

/** Runs `step` `count` times one after the other and reports the latency in milliseconds. */
export async function timeSequential(count: number, step: (i: number) => Promise<void>): Promise<TimedResult> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    await step(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summarize(times);
}

export function summarize(times: number[]): TimedResult {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const mean = sorted.reduce((n, t) => n + t, 0) / Math.max(1, sorted.length);
  return { p50: at(0.5), p99: at(0.99), mean, count: sorted.length };
}
