// The publish rows of the registry benchmark: sequential publishes of one small package, taken in
// turns (one publish to each server, then the next), so that a load that comes and goes on the
// machine falls on every server alike. Verdaccio 6 is the peer; PKG_BENCH_BASELINE names another
// build's server (its server/dist/main.js) to compare with publish by publish (A/B). Alone:
//   PKG_BENCH_ONLY=publish npm run bench:registry -w @pkg/server
// starts the server (one package seeded), Verdaccio and the baseline if named, prints the publish
// table and each server's CPU time per publish (from /proc: the load of the machine changes it
// much less than the latency) and records the publish target. BENCH_PUBLISHES sets the publishes per server (default 30).
import path from 'node:path';
import { openAdminDeps } from '../src/bin/admin/open-admin-deps.js';
import { createUser } from '../src/services/registry/user-service.js';
import { cpuSeconds } from './cpu.js';
import { buildPackage, npmPublishBody } from './fixtures.js';
import { summarize, type TimedResult } from './load.js';
import { startPkgServer, startVerdaccio, type Child } from './processes.js';
import { printPublishRows, recordPublishTarget, type PublishReport } from './report.js';

export const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 30);
const BASELINE = process.env.PKG_BENCH_BASELINE;

export type Publisher = (bytes: Uint8Array, version: string) => Promise<void>;

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
}

/** POST /publish to a pkg server with a bearer token. */
export function pkgPublisher(url: string, token: string): Publisher {
  return async (bytes) => {
    const res = await fetch(`${url}/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/gzip', authorization: `Bearer ${token}` },
      body: bytes,
    });
    await expectStatus(res, 201, 'pkg publish');
  };
}

/** `npm publish` to Verdaccio: PUT /<name> with the archive as a base64 attachment. */
export function verdaccioPublisher(url: string, name: string): Publisher {
  return async (bytes, version) => {
    const res = await fetch(`${url}/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: npmPublishBody(name, version, Buffer.from(bytes), url),
    });
    await expectStatus(res, 201, `Verdaccio publish ${name}@${version}`);
  };
}

/** A pkg server on a fresh data directory with a user, and its publisher (`main`: another build). */
export async function startPublishingPkg(dataDir: string, main?: string) {
  const pkg = await startPkgServer(dataDir, {}, main);
  try {
    const admin = await openAdminDeps({ PKG_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    try {
      const { token } = await createUser(admin.deps.registry, 'bench');
      return { pkg, publish: pkgPublisher(pkg.url, token.token) };
    } finally {
      await admin.close();
    }
  } catch (error) {
    await pkg.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * `count` versions of `<namespace>/pub` published to each server, in turns: version i to every
 * server before version i + 1 to any, the server that goes first rotating. The latency of each
 * server's publishes.
 */
export async function publishInTurns<K extends string>(
  namespace: string,
  servers: Record<K, Publisher>,
  count = PUBLISHES,
): Promise<{ results: Record<K, TimedResult>; archiveBytes: number }> {
  const archives = await Promise.all(
    Array.from({ length: count }, (_, i) => buildPackage(namespace, 'pub', `1.0.${i}`)),
  );
  const entries = Object.entries(servers) as [K, Publisher][];
  const times = new Map<K, number[]>(entries.map(([name]) => [name, []]));
  for (const [i, archive] of archives.entries()) {
    const turn = [...entries.slice(i % entries.length), ...entries.slice(0, i % entries.length)];
    for (const [name, publish] of turn) {
      const started = process.hrtime.bigint();
      await publish(archive.bytes, `1.0.${i}`);
      times.get(name)?.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  const results = Object.fromEntries(entries.map(([name]) => [name, summarize(times.get(name) ?? [])]));
  return { results: results as Record<K, TimedResult>, archiveBytes: archives[0]?.bytes.byteLength ?? 0 };
}

/** PKG_BENCH_ONLY=publish: the publish rows alone, with the baseline build when one is named. */
export async function publishOnly(work: string, children: Child[], namespace: string): Promise<void> {
  const log = (text: string) => process.stderr.write(`[registry bench] ${text}\n`);
  const { pkg, publish } = await startPublishingPkg(path.join(work, 'pkg-data'));
  children.push(pkg);
  const verdaccio = await startVerdaccio(path.join(work, 'verdaccio'));
  children.push(verdaccio);
  const servers: Record<string, Publisher> = {
    pkg: publish,
    verdaccio: verdaccioPublisher(verdaccio.url, 'bench-pub'),
  };
  const pids: Record<string, number> = { pkg: pkg.pid, verdaccio: verdaccio.pid };
  if (BASELINE) {
    const baseline = await startPublishingPkg(path.join(work, 'baseline-data'), BASELINE);
    children.push(baseline.pkg);
    servers.baseline = baseline.publish;
    pids.baseline = baseline.pkg.pid;
    log(`baseline: ${BASELINE}`);
  }
  // One publish to each first (its namespace claimed, each process warm), as the full bench's seed.
  const seed = (await buildPackage(namespace, 'seed', '1.0.0')).bytes;
  await verdaccioPublisher(verdaccio.url, 'bench-seed')(seed, '1.0.0');
  for (const [name, run] of Object.entries(servers)) if (name !== 'verdaccio') await run(seed, '1.0.0');
  log(`publish latency: ${PUBLISHES} publishes to each of ${Object.keys(servers).join(', ')}, in turns`);
  const cpuBefore = Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)] as const);
  const { results, archiveBytes } = await publishInTurns(namespace, servers);
  // Each server's CPU time (every thread, /proc) over the publishes: what the load of the machine
  // does not change much, unlike the latency.
  const perPublish = cpuBefore.map(([name, before]) => {
    const ms = ((cpuSeconds(pids[name] ?? 0) - before) * 1000) / PUBLISHES;
    return `${name} ${ms.toFixed(1)} ms`;
  });
  log(`server CPU time per publish (/proc, 10 ms ticks): ${perPublish.join(', ')}`);
  const report: PublishReport = {
    pkg: results.pkg ?? summarize([]),
    verdaccio: results.verdaccio ?? summarize([]),
    archiveBytes,
    ...(results.baseline ? { baseline: { result: results.baseline, main: BASELINE ?? '' } } : {}),
  };
  printPublishRows(report);
  recordPublishTarget(report);
}
