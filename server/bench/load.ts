// Load generation for the registry benchmark, reduced to the rows the report prints:
// - autocannon for request rates and latency percentiles of small answers;
// - node:http clients that discard the body for large downloads: autocannon parses bodies in
//   JavaScript and tops out near 50-70 MB/s per process, which would measure autocannon;
// - sequential timing (publishes).
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  /** Requests per second (mean of autocannon's one-second samples). */
  rps: number;
  p50: number;
  p99: number;
  /** Response bytes per second, in MB/s (10^6 bytes). */
  mbps: number;
  requests: number;
  /** 304 answers (to If-None-Match). */
  notModified: number;
  /** Connection errors and answers other than 2xx and 304: a row with failures is not valid. */
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
    notModified: result.statusCodeStats?.['304']?.count ?? 0,
    failures:
      result.errors +
      result['1xx'] +
      result['3xx'] -
      (result.statusCodeStats?.['304']?.count ?? 0) +
      result['4xx'] +
      result['5xx'],
  };
}

export interface TimedResult {
  p10: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  count: number;
}

/** Runs `step` `count` times one after the other and reports the latency in milliseconds. */
export async function timeSequential(
  count: number,
  step: (i: number) => Promise<void>,
): Promise<TimedResult> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    await step(i);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summarize(times);
}

/**
 * `a` and `b` run `count` times each, in turns (`a` first on even steps, `b` first on odd ones);
 * the latency of each in milliseconds.
 */
export async function timePaired(
  count: number,
  a: (i: number) => Promise<void>,
  b: (i: number) => Promise<void>,
): Promise<{ a: TimedResult; b: TimedResult }> {
  const times = { a: [] as number[], b: [] as number[] };
  const timed = async (list: number[], step: () => Promise<void>) => {
    const started = process.hrtime.bigint();
    await step();
    list.push(Number(process.hrtime.bigint() - started) / 1e6);
  };
  for (let i = 0; i < count; i++) {
    const first = i % 2 === 0;
    await timed(first ? times.a : times.b, () => (first ? a(i) : b(i)));
    await timed(first ? times.b : times.a, () => (first ? b(i) : a(i)));
  }
  return { a: summarize(times.a), b: summarize(times.b) };
}

export function summarize(times: number[]): TimedResult {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const mean = sorted.reduce((n, t) => n + t, 0) / Math.max(1, sorted.length);
  return {
    p10: at(0.1),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted.at(-1) ?? Number.NaN,
    mean,
    count: sorted.length,
  };
}

export interface DownloadResult extends TimedResult {
  /** Body bytes per second over the run, in MB/s (10^6 bytes). */
  mbps: number;
  failures: number;
}

/** `clients` keep-alive connections downloading `url` back to back for `seconds`. */
export async function runDownloads(url: string, clients: number, seconds: number): Promise<DownloadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const times: number[] = [];
  let bytes = 0;
  let failures = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const begin = process.hrtime.bigint();
      const req = http.get(url, { agent }, (res) => {
        res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on('end', () => {
          if (res.statusCode === 200) times.push(Number(process.hrtime.bigint() - begin) / 1e6);
          else failures += 1;
          resolve();
        });
        res.on('error', () => {
          failures += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const client = async () => {
    while (Date.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  const elapsed = (Date.now() - started) / 1000;
  return { ...summarize(times), mbps: bytes / elapsed / 1e6, failures };
}

/** One GET with node:http, discarding the body; resolves with the status and body size. */
export function downloadOnce(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
