// The registry benchmark (`npm run bench`, after the build): the built server on the embedded
// store with 10,000 packages, against Verdaccio 6 measured in the same run, and plain node:http
// for downloads. Every target is a separate process on loopback. Prints the measurements and
// PASS/FAIL beside each target.
// BENCH_SECONDS sets the length of each load run (default 5); BENCH_ROUNDS how many times each
// metadata run is repeated, alternating pkg and Verdaccio, keeping each one's best (default 2).
// PKG_BENCH_ONLY=search runs only the search rows (the server seeded, no Verdaccio, no downloads):
//   PKG_BENCH_ONLY=search npm run bench:registry -w @pkg/server
// PKG_BENCH_ONLY=scale runs only the scale-out rows (docs/performance.md, "Scale-out"): the
// package document from one and from two server processes on one store behind nginx:
//   PKG_BENCH_ONLY=scale npm run bench:registry -w @pkg/server
// It needs nginx (apt-get install nginx-light; PKG_BENCH_NGINX names another binary); without
// it the row is FAIL with the reason.
// PKG_BENCH_ONLY=doc runs only the package document and version record rows, against Verdaccio,
// and records the package document's target row; PKG_BENCH_BASELINES adds other builds of the
// server to the same turns (doc-only.ts):
//   PKG_BENCH_ONLY=doc BENCH_ROUNDS=5 npm run bench:registry -w @pkg/server
// PKG_BENCH_ONLY=publish runs only the publish rows (no seed, no load runs; publish-bench.ts), with
// PKG_BENCH_BASELINE=<another checkout>/server/dist/main.js a second build in the same turns (A/B):
//   PKG_BENCH_ONLY=publish npm run bench:registry -w @pkg/server
// PKG_BENCH_SERVER_ARGS passes node options to the server under test, e.g. a CPU profile:
//   PKG_BENCH_SERVER_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' PKG_BENCH_ONLY=search npm run …
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bestOf, expectStatus, log, NS, SEEDED, setUpPkg } from './bench-steps.js';
import { docOnly } from './doc-only.js';
import { BIG_FILE_BYTES, buildBigPackage, npmPublishBody, SEARCH_WORDS, seededName } from './fixtures.js';
import { downloadOnce, runDownloads, runLoad, timePaired, type LoadResult } from './load.js';
import { peakRssDuring, rssOf, startStaticFileServer, startVerdaccio, type Child } from './processes.js';
import { PUBLISHES, publishInTurns, publishOnly } from './publish-bench.js';
import { printReport, printSearchRows, type Report } from './report.js';
import { runScaleOut } from './scale-out.js';
import { reportScaleOut } from './scale-report.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** The scale-out rows are a median: at least three rounds. */
const SCALE_ROUNDS = Math.max(3, ROUNDS);
const ONLY = process.env.PKG_BENCH_ONLY;
/** 5 MB packages downloaded right after publish, then again with no disk copy (from GridFS). */
const COLD = 30;
/** Downloads of the seeded 5 MB package for the single-client row, each in turn with node:http. */
const WARM = 60;

const work = mkdtempSync(path.join(tmpdir(), 'pkg-registry-bench-'));
const children: Child[] = [];

async function setUp(bigBytes?: Buffer) {
  const seeded = await setUpPkg(path.join(work, 'pkg-data'), bigBytes);
  children.push(seeded.pkg);
  return seeded;
}

type Once = (label: string, url: string, pathOf?: () => string) => Promise<LoadResult>;

/**
 * Search over the seeded packages (docs/browsing.md, "Search"): the first search loads the index
 * (timed), then random queries of one and two words, and with filters and a page.
 */
async function searchRuns(url: string, once: Once): Promise<Report['search']> {
  const started = performance.now();
  await expectStatus(await fetch(`${url}/packages/search?q=weather`), 200, 'first search');
  const firstMs = performance.now() - started;
  const pick = () => SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)] ?? 'weather';
  const q = (text: string) => `/packages/search?q=${encodeURIComponent(text)}`;
  return {
    firstMs,
    one: await once('pkg search, one word', url, () => q(pick())),
    two: await once('pkg search, two words', url, () => q(`${pick()} ${pick()}`)),
    filtered: await once(
      'pkg search, filters and page 2',
      url,
      () => `${q(pick())}&no-network=1&no-env=1&page=2`,
    ),
  };
}

/** PKG_BENCH_ONLY=search: the search rows alone. */
async function searchOnly(): Promise<void> {
  const { pkg } = await setUp();
  const once: Once = (label, url, pathOf) => {
    log(`${label}: 50 connections, ${SECONDS} s`);
    return runLoad({ url, connections: 50, seconds: SECONDS, ...(pathOf ? { path: pathOf } : {}) });
  };
  const search = await searchRuns(pkg.url, once);
  printSearchRows({ seeded: SEEDED, seconds: SECONDS, search });
  const failures = search.one.failures + search.two.failures + search.filtered.failures;
  if (failures > 0) throw new Error(`${failures} search requests failed`);
}

/** The scale-out rows: their own store, servers and proxy, with bench/big published. */
async function scaleOut(bigBytes: Uint8Array): Promise<void> {
  log('scale-out: the store on its own, two servers on it, nginx in front');
  const outcome = await runScaleOut({ work, bigBytes, seconds: SECONDS, rounds: SCALE_ROUNDS, log });
  reportScaleOut(outcome);
}

async function main(): Promise<void> {
  log(`working in ${work}`);
  if (ONLY === 'search') return searchOnly();
  if (ONLY === 'scale') return scaleOut((await buildBigPackage(NS, 'big')).bytes);
  if (ONLY === 'doc') return docOnly(work, children, ROUNDS, SECONDS);
  if (ONLY === 'publish') return publishOnly(work, children, NS);
  if (ONLY !== undefined)
    throw new Error(`PKG_BENCH_ONLY=${ONLY}: only "search", "scale", "doc" and "publish" are known`);
  const big = await buildBigPackage(NS, 'big');
  const tarballFile = path.join(work, 'big.tgz');
  writeFileSync(tarballFile, big.bytes);
  log(`5 MB package: ${big.size} bytes (limit ${5 * 1024 * 1024})`);

  const { pkg, publish } = await setUp(big.bytes);
  const verdaccio = await startVerdaccio(path.join(work, 'verdaccio'));
  children.push(verdaccio);
  const putVerdaccio = async (name: string, version: string, bytes: Buffer) => {
    const res = await fetch(`${verdaccio.url}/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: npmPublishBody(name, version, bytes, verdaccio.url),
    });
    await expectStatus(res, 201, `Verdaccio publish ${name}@${version}`);
  };
  await putVerdaccio('bench-big', '1.0.0', big.bytes);
  const plain = await startStaticFileServer(tarballFile);
  children.push(plain);

  const pkgDownload = `${pkg.url}/packages/${NS}/big/1.0.0/download`;
  const fiftyDownloads = async (label: string) => {
    log(`pkg download, 50 clients at once, ${label}, sampling RSS`);
    await downloadOnce(pkgDownload);
    const before = rssOf(pkg.pid);
    const { peak, result } = await peakRssDuring(pkg.pid, () => runDownloads(pkgDownload, 50, SECONDS));
    return { before, peak, load: result };
  };
  const freshRss = await fiftyDownloads('right after seeding');

  const etag = (await fetch(`${pkg.url}/packages/${NS}/big`)).headers.get('etag') ?? '';
  const best = await bestOf(
    {
      pkgDoc: { url: `${pkg.url}/packages/${NS}/big` },
      verdaccioDoc: { url: `${verdaccio.url}/bench-big` },
      pkgVersion: { url: `${pkg.url}/packages/${NS}/big/1.0.0` },
      verdaccioVersion: { url: `${verdaccio.url}/bench-big/1.0.0` },
    },
    ROUNDS,
    SECONDS,
  );
  const random = () => seededName(Math.floor(Math.random() * SEEDED));
  const once = (label: string, url: string, pathOf?: () => string, headers?: Record<string, string>) => {
    log(`${label}: 50 connections, ${SECONDS} s`);
    return runLoad({
      url,
      connections: 50,
      seconds: SECONDS,
      ...(pathOf ? { path: pathOf } : {}),
      ...(headers ? { headers } : {}),
    });
  };
  const search = await searchRuns(pkg.url, once);
  const metadata: Report['metadata'] = {
    ...best,
    pkgDocRandom: await once('pkg random package', pkg.url, () => `/packages/${NS}/${random()}`),
    pkgVersionRandom: await once('pkg random version', pkg.url, () => `/packages/${NS}/${random()}/1.0.0`),
    pkgDoc304: await once('pkg If-None-Match', `${pkg.url}/packages/${NS}/big`, undefined, {
      'if-none-match': etag,
    }),
  };

  log(`first downloads: publishing ${COLD} more 5 MB packages`);
  for (let i = 0; i < COLD; i++) await publish((await buildBigPackage(NS, `cold-${i}`)).bytes);
  // Each first download beside one node:http download of the same size, in turns (which goes
  // first alternates): the yardstick is timed at the same moments, whatever the machine's load.
  const firstDownloads = () =>
    timePaired(
      COLD,
      async (i) => {
        const res = await downloadOnce(`${pkg.url}/packages/${NS}/cold-${i}/1.0.0/download`);
        if (res.status !== 200 || res.bytes < BIG_FILE_BYTES)
          throw new Error(`first download: HTTP ${res.status}, ${res.bytes} bytes`);
      },
      async () => {
        const res = await downloadOnce(plain.url);
        if (res.status !== 200) throw new Error(`node:http download: HTTP ${res.status}`);
      },
    );
  const cold = await firstDownloads();
  log(`the seeded 5 MB package downloaded ${WARM} times, each in turn with a node:http download`);
  const warm = await timePaired(
    WARM,
    async () => {
      const res = await downloadOnce(pkgDownload);
      if (res.status !== 200 || res.bytes < BIG_FILE_BYTES)
        throw new Error(`download: HTTP ${res.status}, ${res.bytes} bytes`);
    },
    async () => {
      const res = await downloadOnce(plain.url);
      if (res.status !== 200) throw new Error(`node:http download: HTTP ${res.status}`);
    },
  );
  log('the same downloads with every disk copy removed: streamed from GridFS');
  const copies = path.join(work, 'pkg-data', 'artifact-cache');
  for (const name of readdirSync(copies)) rmSync(path.join(copies, name), { force: true });
  const gridfs = await firstDownloads();
  const verdaccioDownload = `${verdaccio.url}/bench-big/-/bench-big-1.0.0.tgz`;
  const download = (label: string, url: string, clients: number) => {
    log(`${label}: ${clients} client(s), ${SECONDS} s`);
    return runDownloads(url, clients, SECONDS);
  };
  const downloads: Report['downloads'] = {
    pkgOne: await download('pkg download', pkgDownload, 1),
    verdaccioOne: await download('Verdaccio download', verdaccioDownload, 1),
    plainOne: await download('node:http download', plain.url, 1),
    pkgTen: await download('pkg download', pkgDownload, 10),
    verdaccioTen: await download('Verdaccio download', verdaccioDownload, 10),
    plainTen: await download('node:http download', plain.url, 10),
    pkgWarm: warm.a,
    plainWarm: warm.b,
    pkgCold: cold.a,
    plainCold: cold.b,
    pkgGridfs: gridfs.a,
    plainGridfs: gridfs.b,
  };
  const loadedRss = await fiftyDownloads('after the load runs');

  log(`publish latency: ${PUBLISHES} publishes each, in turns`);
  const published = await publishInTurns(NS, {
    pkg: (bytes) => publish(bytes),
    verdaccio: (bytes, version) => putVerdaccio('bench-pub', version, Buffer.from(bytes)),
  });

  printReport({
    seconds: SECONDS,
    rounds: ROUNDS,
    seeded: SEEDED,
    artifactBytes: big.size,
    metadata,
    search,
    downloads,
    rss: { fresh: freshRss, loaded: loadedRss },
    publish: { ...published.results, archiveBytes: published.archiveBytes },
  });
  // The processes measured so far stop first: the scale-out rows count every core.
  await Promise.all(children.splice(0).map((c) => c.stop()));
  await scaleOut(big.bytes);
}

try {
  await main();
} finally {
  await Promise.all(children.map((c) => c.stop().catch(() => undefined)));
  rmSync(work, { recursive: true, force: true });
}
