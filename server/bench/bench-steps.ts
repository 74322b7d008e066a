// Steps the registry benchmark's modes share: a pkg server seeded with the benchmark's packages
// (any build's, for an A/B), and load runs taken in turns so that a swing of the machine's load
// falls on every target alike.
import { openAdminDeps } from '../src/bin/admin/open-admin-deps.js';
import type { VersionDoc } from '../src/db/models/version.js';
import { createUser } from '../src/services/registry/user-service.js';
import { buildPackage, seedPackages } from './fixtures.js';
import { runLoad, type LoadResult } from './load.js';
import { cpuMsOf, startPkgServer, type Child } from './processes.js';

export const NS = 'bench';
export const SEEDED = 10_000;

export const log = (text: string) => process.stderr.write(`[registry bench] ${text}\n`);

export async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
}

export interface SeededPkg {
  pkg: Child;
  publish: (bytes: Uint8Array) => Promise<void>;
}

/**
 * A pkg server on `dataDir` (this build's, or the build whose dist/main.js is `main`) with the
 * seed package, `bigBytes` when given, and SEEDED packages written straight into its store.
 */
export async function setUpPkg(dataDir: string, bigBytes?: Buffer, main?: string): Promise<SeededPkg> {
  const pkg = await startPkgServer(dataDir, {}, main);
  const admin = await openAdminDeps({ PKG_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    const { token } = await createUser(admin.deps.registry, 'bench');
    const publish = async (bytes: Uint8Array) => {
      const res = await fetch(`${pkg.url}/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', authorization: `Bearer ${token.token}` },
        body: bytes,
      });
      await expectStatus(res, 201, 'pkg publish');
    };
    await publish((await buildPackage(NS, 'seed', '1.0.0')).bytes);
    if (bigBytes) await publish(bigBytes);
    const template = await admin.deps.models.Version.findOne(
      { namespace: NS, name: 'seed' },
      { _id: 0 },
    ).lean<VersionDoc>();
    if (!template) throw new Error('the seed version is missing');
    const started = Date.now();
    await seedPackages(admin.deps, NS, template, SEEDED);
    log(`seeded ${SEEDED} packages in ${Date.now() - started} ms`);
    return { pkg, publish };
  } catch (error) {
    await pkg.stop();
    throw error;
  } finally {
    await admin.close();
  }
}

export interface Run {
  url: string;
  headers?: Record<string, string>;
  /** The server's process: its CPU time per request is measured over each run. */
  pid?: number;
}

/** A load run's result, with the server's CPU time per answered request when its pid is known. */
export interface TurnResult extends LoadResult {
  cpuUsPerRequest: number;
}

/**
 * Each run once for a second to warm up, then `rounds` measured runs of 50 connections taken in
 * turns, the first of each round moving along by one; every round's result of every run.
 */
export async function inTurns<K extends string>(
  runs: Record<K, Run>,
  rounds: number,
  seconds: number,
): Promise<Record<K, TurnResult[]>> {
  const entries = Object.entries(runs) as [K, Run][];
  const all = Object.fromEntries(entries.map(([name]) => [name, [] as TurnResult[]])) as Record<
    K,
    TurnResult[]
  >;
  for (const [, run] of entries) await runLoad({ ...run, connections: 50, seconds: 1 });
  for (let round = 0; round < rounds; round++) {
    const order = [...entries.slice(round % entries.length), ...entries.slice(0, round % entries.length)];
    for (const [name, run] of order) {
      log(`${name}: 50 connections, ${seconds} s (round ${round + 1}/${rounds})`);
      const cpuBefore = run.pid ? cpuMsOf(run.pid) : Number.NaN;
      const result = await runLoad({ ...run, connections: 50, seconds });
      const cpuMs = run.pid ? cpuMsOf(run.pid) - cpuBefore : Number.NaN;
      all[name].push({ ...result, cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.requests) });
    }
  }
  return all;
}

/** The run with the most requests a second. */
export function best<R extends LoadResult>(results: readonly R[]): R {
  const top = results.reduce<R | undefined>((b, r) => (!b || r.rps > b.rps ? r : b), undefined);
  if (!top) throw new Error('no run');
  return top;
}

/** `inTurns`, keeping each run's best (the full report's metadata rows). */
export async function bestOf<K extends string>(
  runs: Record<K, Run>,
  rounds: number,
  seconds: number,
): Promise<Record<K, TurnResult>> {
  const all = await inTurns(runs, rounds, seconds);
  return Object.fromEntries(
    (Object.entries(all) as [K, TurnResult[]][]).map(([name, results]) => [name, best(results)]),
  ) as Record<K, TurnResult>;
}
