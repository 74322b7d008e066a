// What counting downloads costs (docs/registry-api.md, "Download counts"), part of `npm run bench`
// after the build: two built servers on one embedded store served by `pkg-admin db serve` (a
// process of its own, so that neither server does the store's work), identical but for
// PKG_DOWNLOADS_COUNT (on, the default, and off), each downloading the same small package under
// 50 connections, in alternating rounds, keeping each one's best. Then the counting server stops
// gracefully and the downloads it wrote are compared with the downloads it answered. Target:
// counting costs under 5 % of the download rate.
// BENCH_SECONDS sets the length of each run (default 5), BENCH_ROUNDS the rounds (default 3).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openAdminDeps } from '../src/bin/admin/open-admin-deps.js';
import { createUser } from '../src/services/registry/user-service.js';
import { buildPackage } from './fixtures.js';
import { runLoad, type LoadResult } from './load.js';
import { startPkgServer, type Child } from './processes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const ADMIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/bin/pkg-admin.js');
const work = mkdtempSync(path.join(tmpdir(), 'pkg-downloads-bench-'));
const children: Child[] = [];
const log = (text: string) => process.stderr.write(`[downloads bench] ${text}\n`);

/** `pkg-admin db serve` on a directory of its own: resolves with the `pkg` database's URI. */
async function startStore(dir: string): Promise<string> {
  const child = spawn(process.execPath, [ADMIN, 'db', 'serve', '--port', '0', '--dir', dir], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push({
    url: '',
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  return `${line.trim()}pkg`;
}

async function setUp() {
  const mongodbUri = await startStore(path.join(work, 'store'));
  const dataDir = path.join(work, 'pkg-data');
  const counting = await startPkgServer(dataDir, { MONGODB_URI: mongodbUri });
  const notCounting = await startPkgServer(dataDir, { MONGODB_URI: mongodbUri, PKG_DOWNLOADS_COUNT: 'off' });
  children.push(counting, notCounting);
  const admin = await openAdminDeps({ MONGODB_URI: mongodbUri, PKG_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const { token } = await createUser(admin.deps.registry, 'bench');
  const res = await fetch(`${counting.url}/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/gzip', authorization: `Bearer ${token.token}` },
    body: (await buildPackage('bench', 'small', '1.0.0')).bytes,
  });
  if (res.status !== 201) throw new Error(`publish: HTTP ${res.status} ${await res.text()}`);
  return { counting, notCounting, admin };
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main(): Promise<void> {
  const { counting, notCounting, admin } = await setUp();
  const route = '/packages/bench/small/1.0.0/download';
  const runs = { on: `${counting.url}${route}`, off: `${notCounting.url}${route}` };
  const best: Partial<Record<'on' | 'off', LoadResult>> = {};
  let answered = 0;
  for (const [key, url] of Object.entries(runs)) {
    const warmUp = await runLoad({ url, connections: CONNECTIONS, seconds: 1 });
    if (key === 'on') answered += warmUp.requests;
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [key, url] of Object.entries(runs) as ['on' | 'off', string][]) {
      log(`counting ${key}: ${CONNECTIONS} connections, ${SECONDS} s (round ${round}/${ROUNDS})`);
      const result = await runLoad({ url, connections: CONNECTIONS, seconds: SECONDS });
      if (key === 'on') answered += result.requests;
      const previous = best[key];
      if (!previous || result.rps > previous.rps) best[key] = result;
    }
  }
  await counting.stop(); // SIGTERM: the last flush
  const rows = await admin.deps.models.DownloadCount.find({ namespace: 'bench', name: 'small' }).lean();
  const stored = rows.reduce((n, r) => n + r.count, 0);
  await admin.close();
  const on = best.on;
  const off = best.off;
  if (!on || !off) throw new Error('no measurement');
  const row = (how: string, r: LoadResult) => ({
    server: `pkg, counting ${how}`,
    route: 'GET /packages/bench/small/1.0.0/download',
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    requests: r.requests,
    failures: r.failures,
  });
  process.stdout.write(
    `\nDownloads of a small package, counting on and off (${CONNECTIONS} connections, ${SECONDS} s, best of ${ROUNDS} alternating runs)\n`,
  );
  console.table([row('on', on), row('off (PKG_DOWNLOADS_COUNT=off)', off)]);
  const cost = 1 - on.rps / off.rps;
  process.stdout.write('\nTargets\n');
  console.table([
    {
      target: 'counting costs < 5 % of the download rate',
      measured: `${fixed(cost * 100)} %`,
      result: cost < 0.05 ? 'PASS' : 'FAIL',
    },
    {
      // Every run's answered downloads, warm-up included; a request cut off at a run's end may
      // have been counted without being answered: at most one per connection and run.
      target: 'every answered download counted, once',
      measured: `${stored} stored, ${answered} answered`,
      result: stored >= answered && stored <= answered + CONNECTIONS * (ROUNDS + 1) ? 'PASS' : 'FAIL',
    },
    {
      target: 'no failed request',
      measured: String(on.failures + off.failures),
      result: on.failures + off.failures === 0 ? 'PASS' : 'FAIL',
    },
  ]);
}

try {
  await main();
} finally {
  await Promise.all(children.reverse().map((c) => c.stop().catch(() => undefined)));
  rmSync(work, { recursive: true, force: true });
}
