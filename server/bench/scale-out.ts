// The scale-out row of the registry bench (docs/performance.md, "Scale-out"): the package
// document (GET /packages/bench/big) from one server process and from two, on one store.
// The embedded store runs on its own (`pkg-admin db serve`), two built servers point at it with
// MONGODB_URI (sharing one data directory, hence one signing key), and nginx sits in front
// (nginx-proxy.ts). Runs, 50 connections each, taken in turns for several rounds:
//   direct    one server, no proxy
//   proxyOne  the same server behind nginx
//   proxyTwo  both servers behind the same nginx, round robin over kept-alive connections
// Each run records the CPU every process used (cpu.ts), so the report can say what limits the
// ratio on the machine at hand. The answers are checked too: both servers give the same ETag,
// the proxy reaches both, both keep giving it under the load, and a publish through one server
// is seen at once through the other (caches checked against the package's revision).
import path from 'node:path';
import { getPackageOutputSchema } from '@pkg/shared';
import { openAdminDeps } from '../src/bin/admin/open-admin-deps.js';
import { createUser } from '../src/services/registry/user-service.js';
import { cpuDuring, type CpuShare } from './cpu.js';
import { buildPackage } from './fixtures.js';
import { runLoad, type LoadResult } from './load.js';
import { findNginx, startNginx } from './nginx-proxy.js';
import { startPkgServer, startStore, type Child } from './processes.js';

export const SCALE_RUNS = ['direct', 'proxyOne', 'proxyTwo'] as const;
export type ScaleRunName = (typeof SCALE_RUNS)[number];

export interface ScaleRun {
  load: LoadResult;
  cpu: CpuShare;
}

export interface ScaleChecks {
  /** The ETag each server gives for the document before the load. */
  etags: { serverA: string; serverB: string };
  /** Distinct servers that answered 10 requests through the two-server site. */
  upstreamsSeen: number;
  /** Requests sent straight to each server while the two-server run went on, and wrong ETags. */
  underLoad: { samples: number; mismatches: number };
  /** After a publish through server A, server B's document names the new version as latest. */
  publishSeenByOther: boolean;
}

export interface ScaleResult {
  seconds: number;
  rounds: number;
  connections: number;
  runs: Record<ScaleRunName, ScaleRun[]>;
  checks: ScaleChecks;
  /** What nginx logged (warnings and errors), empty when all went well. */
  proxyLog: string;
}

export type ScaleOutcome = { ok: true; result: ScaleResult } | { ok: false; reason: string };

export interface ScaleOptions {
  work: string;
  /** The archive published as bench/big (the pkgDoc row's package). */
  bigBytes: Uint8Array;
  seconds: number;
  rounds: number;
  log: (text: string) => void;
}

const NS = 'bench';
const CONNECTIONS = 50;
const DOC = `/packages/${NS}/big`;

interface Cluster {
  store: Child;
  serverA: Child;
  serverB: Child;
  token: string;
}

async function publish(url: string, token: string, bytes: Uint8Array): Promise<void> {
  const res = await fetch(`${url}/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/gzip', authorization: `Bearer ${token}` },
    body: bytes,
  });
  if (res.status !== 201) throw new Error(`publish: HTTP ${res.status} ${await res.text()}`);
}

/** The store, server A, a user and bench/big published through A, then server B. */
async function startCluster(options: ScaleOptions, children: Child[]): Promise<Cluster> {
  const store = await startStore(path.join(options.work, 'scale-store'));
  children.push(store);
  const env = { MONGODB_URI: `${store.url}pkg` };
  const dataDir = path.join(options.work, 'scale-server');
  const serverA = await startPkgServer(dataDir, env);
  children.push(serverA);
  const admin = await openAdminDeps({ ...env, PKG_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  let token: string;
  try {
    token = (await createUser(admin.deps.registry, 'bench')).token.token;
  } finally {
    await admin.close();
  }
  await publish(serverA.url, token, options.bigBytes);
  // B starts once A has written the signing key into the data directory they share.
  const serverB = await startPkgServer(dataDir, env);
  children.push(serverB);
  return { store, serverA, serverB, token };
}

const portOf = (url: string) => Number(new URL(url).port);

async function etagOf(url: string): Promise<{ etag: string; upstream: string }> {
  const res = await fetch(`${url}${DOC}`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url}${DOC}: HTTP ${res.status}`);
  return { etag: res.headers.get('etag') ?? '', upstream: res.headers.get('x-upstream') ?? '' };
}

/** Both servers straight, in a loop until `done`: each answer's ETag against `expected`. */
async function sampleUnderLoad(
  cluster: Cluster,
  expected: string,
  done: () => boolean,
): Promise<ScaleChecks['underLoad']> {
  let samples = 0;
  let mismatches = 0;
  while (!done()) {
    for (const server of [cluster.serverA, cluster.serverB]) {
      const { etag } = await etagOf(server.url).catch(() => ({ etag: '' }));
      samples += 1;
      if (etag !== expected) mismatches += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { samples, mismatches };
}

async function measureRounds(
  options: ScaleOptions,
  cluster: Cluster,
  urls: Record<ScaleRunName, string>,
  pids: Record<string, number>,
  expected: string,
): Promise<{ runs: ScaleResult['runs']; underLoad: ScaleChecks['underLoad'] }> {
  const runs: ScaleResult['runs'] = { direct: [], proxyOne: [], proxyTwo: [] };
  const underLoad = { samples: 0, mismatches: 0 };
  for (const name of SCALE_RUNS)
    await runLoad({ url: urls[name] + DOC, connections: CONNECTIONS, seconds: 1 });
  for (let round = 1; round <= options.rounds; round++) {
    for (const name of SCALE_RUNS) {
      options.log(
        `scale-out ${name}: ${CONNECTIONS} connections, ${options.seconds} s (round ${round}/${options.rounds})`,
      );
      let finished = false;
      const sampler =
        name === 'proxyTwo' ? sampleUnderLoad(cluster, expected, () => finished) : Promise.resolve(undefined);
      const { result, cpu } = await cpuDuring(pids, () =>
        runLoad({ url: urls[name] + DOC, connections: CONNECTIONS, seconds: options.seconds }).finally(
          () => (finished = true),
        ),
      );
      const sampled = await sampler;
      if (sampled) {
        underLoad.samples += sampled.samples;
        underLoad.mismatches += sampled.mismatches;
      }
      runs[name].push({ load: result, cpu });
    }
  }
  return { runs, underLoad };
}

async function measure(options: ScaleOptions, bin: string, children: Child[]): Promise<ScaleResult> {
  const cluster = await startCluster(options, children);
  const proxy = await startNginx(bin, path.join(options.work, 'scale-proxy'), {
    one: [portOf(cluster.serverA.url)],
    two: [portOf(cluster.serverA.url), portOf(cluster.serverB.url)],
  });
  children.push({ url: proxy.urls.two ?? '', pid: proxy.pid, stop: () => proxy.stop() });
  const a = await etagOf(cluster.serverA.url);
  const b = await etagOf(cluster.serverB.url);
  const viaProxy = await Promise.all(Array.from({ length: 10 }, () => etagOf(proxy.urls.two ?? '')));
  const upstreamsSeen = new Set(viaProxy.filter((r) => r.etag === a.etag).map((r) => r.upstream)).size;
  const urls = {
    direct: cluster.serverA.url,
    proxyOne: proxy.urls.one ?? '',
    proxyTwo: proxy.urls.two ?? '',
  };
  const pids = {
    serverA: cluster.serverA.pid,
    serverB: cluster.serverB.pid,
    store: cluster.store.pid,
    nginx: proxy.pid,
  };
  const { runs, underLoad } = await measureRounds(options, cluster, urls, pids, a.etag);
  options.log('scale-out: publishing bench/big 1.0.1 through server A, reading it through server B');
  await publish(cluster.serverA.url, cluster.token, (await buildPackage(NS, 'big', '1.0.1')).bytes);
  const after = await fetch(`${cluster.serverB.url}${DOC}`);
  const doc = getPackageOutputSchema.safeParse(await after.json());
  return {
    seconds: options.seconds,
    rounds: options.rounds,
    connections: CONNECTIONS,
    runs,
    checks: {
      etags: { serverA: a.etag, serverB: b.etag },
      upstreamsSeen,
      underLoad,
      publishSeenByOther: after.status === 200 && doc.success && doc.data.latest === '1.0.1',
    },
    proxyLog: proxy.log().trim(),
  };
}

/**
 * The scale-out runs, or why they could not be made (nginx missing, a process that did not
 * start): never a throw, so that the full bench's other rows stand.
 */
export async function runScaleOut(options: ScaleOptions): Promise<ScaleOutcome> {
  const bin = findNginx();
  if (!bin) {
    return {
      ok: false,
      reason: 'nginx not found (apt-get install nginx-light, or set PKG_BENCH_NGINX to its path)',
    };
  }
  const children: Child[] = [];
  try {
    return { ok: true, result: await measure(options, bin, children) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    for (const child of children.reverse()) await child.stop().catch(() => undefined);
  }
}
