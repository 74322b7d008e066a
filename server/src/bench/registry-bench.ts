// The registry benchmark (`npm run bench`, after the build): the built server on the embedded
// store with 10,000 packages, against Verdaccio 6 measured in the same run, and plain node:http
// for downloads. Every target is a separate process on loopback; autocannon generates the load.
// Prints the measurements and PASS/FAIL beside each target of issue "The registry service" (10).
// BENCH_SECONDS sets the length of each load run (default 5).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAdminDeps } from '../bin/admin/open-admin-deps.js';
import type { VersionDoc } from '../db/models/version.js';
import { createUser } from '../services/user-service.js';
import { buildBigPackage, buildPackage, npmPublishBody, seededName, seedPackages } from './fixtures.js';
import { runLoad, timeSequential, type LoadResult, type TimedResult } from './load.js';
import { peakRssDuring, rssOf, startPkgServer, startStaticFileServer, startVerdaccio, type Child } from './processes.js';
import { printReport } from './report.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SEEDED = 10_000;
const NS = 'bench';
const PUBLISHES = 30;

const work = mkdtempSync(path.join(tmpdir(), 'pkg-registry-bench-'));
const children: Child[] = [];
const log = (text: string) => process.stderr.write(`[registry bench] ${text}\n`);

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
}

async function setUpPkg(bigBytes: Buffer) {
  const pkg = await startPkgServer(path.join(work, 'pkg-data'));
  children.push(pkg);
  const admin = await openAdminDeps({ PKG_DATA_DIR: path.join(work, 'pkg-data'), LOG_LEVEL: 'warn' });
  try {
    const { token } = await createUser(admin.deps, 'bench');
    const publish = (bytes: Uint8Array) =>
      fetch(`${pkg.url}/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', authorization: `Bearer ${token.token}` },
        body: bytes,
      });
    await expectStatus(await publish((await buildPackage(NS, 'seed', '1.0.0')).bytes), 201, 'publish bench/seed');
    await expectStatus(await publish(bigBytes), 201, 'publish bench/big');
    const template = await admin.deps.models.Version.findOne({ namespace: NS, name: 'seed' }, { _id: 0 }).lean<VersionDoc>();
    if (!template) throw new Error('the seed version is missing');
    const started = Date.now();
    await seedPackages(admin.deps, NS, template, SEEDED);
    log(`seeded ${SEEDED} packages in ${Date.now() - started} ms`);
    return { pkg, token: token.token, publish };
  } finally {
    await admin.close();
  }
}

async function load(label: string, url: string, connections: number, pathOf?: () => string): Promise<LoadResult> {
  log(`${label}: ${connections} connections, ${SECONDS} s`);
  await runLoad({ url, connections, seconds: 1, ...(pathOf ? { path: pathOf } : {}) });
  return runLoad({ url, connections, seconds: SECONDS, ...(pathOf ? { path: pathOf } : {}) });
}

async function main(): Promise<void> {
  log(`working in ${work}`);
  const big = await buildBigPackage(NS, 'big');
  const tarballFile = path.join(work, 'big.tgz');
  writeFileSync(tarballFile, big.bytes);
  log(`5 MB package: ${big.size} bytes (limit ${5 * 1024 * 1024})`);

  const { pkg, publish } = await setUpPkg(big.bytes);
  const verdaccio = await startVerdaccio(path.join(work, 'verdaccio'));
  children.push(verdaccio);
  const putVerdaccio = (name: string, version: string, bytes: Buffer) =>
    fetch(`${verdaccio.url}/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: npmPublishBody(name, version, bytes, verdaccio.url),
    });
  await expectStatus(await putVerdaccio('bench-big', '1.0.0', big.bytes), 201, 'Verdaccio publish bench-big');
  const plain = await startStaticFileServer(tarballFile);
  children.push(plain);

  const random = () => seededName(Math.floor(Math.random() * SEEDED));
  const metadata = {
    pkgDoc: await load('pkg GET /packages/bench/big', `${pkg.url}/packages/${NS}/big`, 50),
    verdaccioDoc: await load('Verdaccio GET /bench-big', `${verdaccio.url}/bench-big`, 50),
    pkgVersion: await load('pkg GET /packages/bench/big/1.0.0', `${pkg.url}/packages/${NS}/big/1.0.0`, 50),
    verdaccioVersion: await load('Verdaccio GET /bench-big/1.0.0', `${verdaccio.url}/bench-big/1.0.0`, 50),
    pkgDocRandom: await load('pkg GET random of 10,000', pkg.url, 50, () => `/packages/${NS}/${random()}`),
    pkgVersionRandom: await load('pkg GET random version', pkg.url, 50, () => `/packages/${NS}/${random()}/1.0.0`),
  };

  const pkgDownload = `${pkg.url}/packages/${NS}/big/1.0.0/download`;
  const verdaccioDownload = `${verdaccio.url}/bench-big/-/bench-big-1.0.0.tgz`;
  const downloads = {
    pkgOne: await load('pkg download, 1 client', pkgDownload, 1),
    verdaccioOne: await load('Verdaccio download, 1 client', verdaccioDownload, 1),
    plainOne: await load('node:http download, 1 client', plain.url, 1),
    pkgTen: await load('pkg download, 10 clients', pkgDownload, 10),
    verdaccioTen: await load('Verdaccio download, 10 clients', verdaccioDownload, 10),
    plainTen: await load('node:http download, 10 clients', plain.url, 10),
  };
  const idleRss = rssOf(pkg.pid);
  log('pkg download, 50 clients, sampling RSS');
  const fifty = await peakRssDuring(pkg.pid, () => runLoad({ url: pkgDownload, connections: 50, seconds: SECONDS }));

  log(`publish latency: ${PUBLISHES} sequential publishes each`);
  const small = await Promise.all(Array.from({ length: PUBLISHES }, (_, i) => buildPackage(NS, 'pub', `1.0.${i}`)));
  const pkgPublish: TimedResult = await timeSequential(PUBLISHES, async (i) => {
    await expectStatus(await publish(small[i]!.bytes), 201, 'pkg publish');
  });
  const verdaccioPublish: TimedResult = await timeSequential(PUBLISHES, async (i) => {
    await expectStatus(await putVerdaccio('bench-pub', `1.0.${i}`, small[i]!.bytes), 201, 'Verdaccio publish');
  });

  printReport({
    seconds: SECONDS,
    seeded: SEEDED,
    artifactBytes: big.size,
    metadata,
    downloads,
    rss: { idle: idleRss, peak: fifty.peak, load: fifty.result },
    publish: { pkg: pkgPublish, verdaccio: verdaccioPublish, archiveBytes: small[0]!.size },
  });
}

try {
  await main();
} finally {
  await Promise.all(children.map((c) => c.stop().catch(() => undefined)));
  rmSync(work, { recursive: true, force: true });
}
