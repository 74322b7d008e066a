// The registry benchmark's tables: metadata reads, downloads, memory under 50 downloads and
// publish latency, each beside its peer, then the targets with PASS/FAIL.
import type { DownloadResult, LoadResult, TimedResult } from './load.js';
import { recordTarget, type TargetRow } from './targets.js';
import { BENCH, coldTargetRow, docTargetRow, fixed, printTargetRows } from './target-rows.js';

export interface Report {
  seconds: number;
  rounds: number;
  seeded: number;
  artifactBytes: number;
  metadata: Record<
    | 'pkgDoc'
    | 'verdaccioDoc'
    | 'pkgVersion'
    | 'verdaccioVersion'
    | 'pkgDocRandom'
    | 'pkgVersionRandom'
    | 'pkgDoc304',
    LoadResult
  >;
  /** Search over the seeded packages: the first search (the index loaded), then load runs. */
  search: { firstMs: number } & Record<'one' | 'two' | 'filtered', LoadResult>;
  downloads: Record<
    'pkgOne' | 'verdaccioOne' | 'plainOne' | 'pkgTen' | 'verdaccioTen' | 'plainTen',
    DownloadResult
  > & {
    /** The seeded 5 MB package downloaded again and again (one client). */
    pkgWarm: TimedResult;
    /** node:http downloads of the same size, each in turn with one of pkgWarm's. */
    plainWarm: TimedResult;
    /** First download of a freshly published artifact (its disk copy was written at publish). */
    pkgCold: TimedResult;
    /** node:http downloads of the same size, each in turn with one of pkgCold's. */
    plainCold: TimedResult;
    /** The same artifacts with no disk copy: streamed from GridFS (a host that never saw them). */
    pkgGridfs: TimedResult;
    /** node:http downloads, each in turn with one of pkgGridfs'. */
    plainGridfs: TimedResult;
  };
  rss: Record<'fresh' | 'loaded', RssRun>;
  publish: PublishReport;
}

/** Sequential publishes of one small package, taken in turns (publish-bench.ts). */
export interface PublishReport {
  pkg: TimedResult;
  verdaccio: TimedResult;
  archiveBytes: number;
  /** Another build of the server (PKG_BENCH_BASELINE), in the same turns. */
  baseline?: { result: TimedResult; main: string } | undefined;
}

export interface RssRun {
  before: number;
  peak: number;
  load: DownloadResult;
}

/** The memory target's 300 MB, in SI megabytes (286.1 MiB). */
const RSS_LIMIT = 300 * 1000 * 1000;
const mib = (bytes: number) => `${fixed(bytes / 1024 / 1024)} MiB`;
const megabytes = (bytes: number) => `${fixed(bytes / 1e6)} MB (${mib(bytes)})`;
const out = (title: string) => process.stdout.write(`\n${title}\n`);

function loadRow(server: string, route: string, r: LoadResult) {
  return {
    server,
    route,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    requests: r.requests,
    failures: r.failures,
  };
}

function downloadRow(server: string, clients: number, r: DownloadResult) {
  return {
    server,
    clients,
    'MB/s': fixed(r.mbps),
    downloads: r.count,
    'p50 ms': fixed(r.p50),
    'p99 ms': fixed(r.p99),
    failures: r.failures,
  };
}

/** The search rows (alone with PKG_BENCH_ONLY=search). */
export function printSearchRows(r: Pick<Report, 'seeded' | 'seconds' | 'search'>): void {
  out(
    `Search over ${r.seeded} packages (50 connections, ${r.seconds} s each; the first search, which loads the index, took ${fixed(r.search.firstMs)} ms)`,
  );
  console.table([
    loadRow('pkg', 'GET /packages/search?q=<random word>', r.search.one),
    loadRow('pkg', 'GET /packages/search?q=<two random words>', r.search.two),
    loadRow('pkg', '…?q=<word>&no-network=1&no-env=1&page=2', r.search.filtered),
  ]);
}

function printTables(r: Report): void {
  const m = r.metadata;
  const d = r.downloads;
  out(
    `Metadata reads, ${r.seeded} packages stored (50 connections, ${r.seconds} s, best of ${r.rounds} alternating runs)`,
  );
  console.table([
    loadRow('pkg', 'GET /packages/bench/big', m.pkgDoc),
    loadRow('Verdaccio 6.8', 'GET /bench-big (packument)', m.verdaccioDoc),
    loadRow('pkg', 'GET /packages/bench/big/1.0.0', m.pkgVersion),
    loadRow('Verdaccio 6.8', 'GET /bench-big/1.0.0', m.verdaccioVersion),
  ]);
  out(`More pkg reads (one run each): keys spread over ${r.seeded} packages, and revalidation`);
  console.table([
    loadRow('pkg', 'GET /packages/bench/<random of 10,000>', m.pkgDocRandom),
    loadRow('pkg', 'GET /packages/bench/<random>/1.0.0', m.pkgVersionRandom),
    {
      ...loadRow('pkg', 'GET /packages/bench/big + If-None-Match', m.pkgDoc304),
      '304s': m.pkgDoc304.notModified,
    },
  ]);
  printSearchRows(r);
  out(
    `Downloads of a ${(r.artifactBytes / 1e6).toFixed(2)} MB artifact (node:http clients, ${r.seconds} s each)`,
  );
  console.table([
    downloadRow('pkg', 1, d.pkgOne),
    downloadRow('Verdaccio 6.8 (tarball)', 1, d.verdaccioOne),
    downloadRow('node:http + fs.createReadStream', 1, d.plainOne),
    downloadRow('pkg', 10, d.pkgTen),
    downloadRow('Verdaccio 6.8 (tarball)', 10, d.verdaccioTen),
    downloadRow('node:http + fs.createReadStream', 10, d.plainTen),
  ]);
  out(`pkg downloads of the 5 MB artifact, one client, each in turn with a node:http download`);
  const timedRow = (how: string, t: TimedResult, plain: TimedResult) => ({
    how,
    'p10 ms': fixed(t.p10),
    'p50 ms': fixed(t.p50),
    'p90 ms': fixed(t.p90),
    'max ms': fixed(t.max),
    'mean ms': fixed(t.mean),
    'node:http p50 ms': fixed(plain.p50),
    'p50 / node:http p50': fixed(t.p50 / plain.p50, 2),
  });
  console.table([
    timedRow('the seeded package, downloaded again (one client)', d.pkgWarm, d.plainWarm),
    timedRow('right after publish (disk copy written at publish)', d.pkgCold, d.plainCold),
    timedRow('no disk copy (streamed from GridFS, copy written)', d.pkgGridfs, d.plainGridfs),
  ]);
  out('pkg server RSS while 50 clients download the artifact at once');
  const rssRow = (when: string, run: RssRun) => ({
    when,
    'RSS before': mib(run.before),
    'peak RSS': mib(run.peak),
    'MB/s': fixed(run.load.mbps),
    downloads: run.load.count,
    'p99 ms': fixed(run.load.p99),
    failures: run.load.failures,
  });
  console.table([
    rssRow('right after seeding 10,000 packages', r.rss.fresh),
    rssRow('after the metadata load runs', r.rss.loaded),
  ]);
  printPublishRows(r.publish);
}

/** The publish table (alone with PKG_BENCH_ONLY=publish). */
export function printPublishRows(p: PublishReport): void {
  out(
    `Publish latency (${p.pkg.count} sequential publishes of a ${p.archiveBytes}-byte package to each server, in turns)`,
  );
  const pubRow = (server: string, how: string, t: TimedResult) => ({
    server,
    how,
    'p50 ms': fixed(t.p50),
    'p99 ms': fixed(t.p99),
    'mean ms': fixed(t.mean),
  });
  console.table([
    pubRow('pkg', 'POST /publish (validate, GridFS + read-back, metadata)', p.pkg),
    ...(p.baseline ? [pubRow('pkg baseline', `the same, ${p.baseline.main}`, p.baseline.result)] : []),
    pubRow('Verdaccio 6.8', 'PUT /<name> with base64 attachment (npm publish)', p.verdaccio),
  ]);
}

/** The publish target: pkg's p50 at or below Verdaccio's in the same run. */
export function publishTargetRow(p: PublishReport): TargetRow {
  return {
    measure: `publish p50, ${p.pkg.count} sequential publishes of a small package`,
    measured: `${fixed(p.pkg.p50)} ms, Verdaccio ${fixed(p.verdaccio.p50)} ms`,
    target: "<= Verdaccio's",
    pass: p.pkg.p50 <= p.verdaccio.p50,
    bench: BENCH,
  };
}

/** Records the publish target and prints it with PASS or FAIL (PKG_BENCH_ONLY=publish). */
export function recordPublishTarget(p: PublishReport): void {
  const row = publishTargetRow(p);
  recordTarget(row);
  printTargetRows([row]);
}

export function printReport(r: Report): void {
  printTables(r);
  const m = r.metadata;
  const d = r.downloads;
  const loads = [
    ...Object.values(m),
    r.search.one,
    r.search.two,
    r.search.filtered,
    d.pkgOne,
    d.verdaccioOne,
    d.plainOne,
    d.pkgTen,
    d.verdaccioTen,
    d.plainTen,
    r.rss.fresh.load,
    r.rss.loaded.load,
  ];
  const failures =
    loads.reduce((n, x) => n + x.failures, 0) + (m.pkgDoc304.notModified === m.pkgDoc304.requests ? 0 : 1);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.POSITIVE_INFINITY);
  // Taken in turns with node:http, as the first downloads are: a window of each one after the
  // other let the machine's load fall on one side only.
  const downloadRatio = ratio(d.pkgWarm.p50, d.plainWarm.p50);
  const row = (measure: string, measured: string, target: string, pass: boolean): TargetRow => ({
    measure,
    measured,
    target,
    pass,
    bench: BENCH,
  });
  const rssRow = (measure: string, peak: number) =>
    row(measure, megabytes(peak), '< 300 MB', peak < RSS_LIMIT);
  /** A read's two rows against Verdaccio's: requests a second (at least twice) and p99 (below). */
  const versusVerdaccio = (what: string, pkg: LoadResult, verdaccio: LoadResult) => {
    const x = ratio(pkg.rps, verdaccio.rps);
    return [
      row(`${what} req/s`, `${fixed(x, 2)}x`, '>= 2x Verdaccio', x >= 2),
      row(`${what} p99`, `${pkg.p99} vs ${verdaccio.p99} ms`, '< Verdaccio', pkg.p99 < verdaccio.p99),
    ];
  };
  // The rows `npm run bench` gathers into its one table (targets.ts), then this bench's others.
  const rows: TargetRow[] = [
    docTargetRow(m.pkgDoc.rps, m.verdaccioDoc.rps),
    publishTargetRow(r.publish),
    coldTargetRow(d.pkgCold, d.plainCold.p50),
    rssRow('server RSS while 50 clients download, right after seeding', r.rss.fresh.peak),
    rssRow('  same, after the metadata load runs', r.rss.loaded.peak),
  ];
  for (const target of rows) recordTarget(target);
  const more: TargetRow[] = [
    ...versusVerdaccio('package doc', m.pkgDoc, m.verdaccioDoc),
    ...versusVerdaccio('version record', m.pkgVersion, m.verdaccioVersion),
    row(
      '5 MB download (p50, 1 client, in turns with node:http)',
      `${fixed(downloadRatio, 2)}x (${fixed(d.pkgWarm.p50)} vs ${fixed(d.plainWarm.p50)} ms, ${d.pkgWarm.count} each)`,
      '<= 1.5x node:http',
      downloadRatio <= 1.5,
    ),
    row('failed requests (2xx; 304 for If-None-Match)', String(failures), '0', failures === 0),
  ];
  printTargetRows([...rows, ...more]);
}
