// CLI cold start: `pkg --version` against its peer `node -e 0` (target: within 40 ms),
// `pkg chain info` against a local RPC double, and a market command (`pkg market pool`) against
// the DexScreener double. Runs the built dist/pkg.js (npm run build first).
// Each run is a new node process, as a user's; the CLI's code cache (src/code-cache.ts) lives in
// this run's HOME, written by the warm-up runs, as it is after a user's first run of a command;
// the "no code cache" rows show that first run. The summary rows (docs/performance.md,
// "The cold CLI") print the median of 21 interleaved runs of each command with p10–p90 and the
// target: a cold data command in at most 150 ms; both data commands' rows go to the bench
// harness's target table (recordTarget).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, bench, describe } from 'vitest';
import { DEX, startDexscreenerServer, startPublicRpcServer } from '@pkg/shared/testing';
import type * as TargetsModule from '../../../server/bench/targets.js';
import { CLI } from '../helpers/run-cli.js';
import { quantile, spread } from './summary.js';

const exec = promisify(execFile);

// The bench harness's target table (server/bench/targets.ts), built by `npm run bench:build -w @pkg/server`.
const targetsBuilt = path.resolve(import.meta.dirname, '../../../server/dist-bench/bench/targets.js');
const { recordTarget } = (await import(pathToFileURL(targetsBuilt).href)) as typeof TargetsModule;
const rpc = await startPublicRpcServer();
const dex = await startDexscreenerServer();
const home = mkdtempSync(path.join(tmpdir(), 'pkg-cold-start-bench-'));
const env = {
  PATH: process.env.PATH ?? '',
  HOME: home,
  PUBLIC_RPC_URL: rpc.url,
  DEXSCREENER_BASE_URL: dex.origin,
  PKG_NET_ALLOW_PRIVATE: '1',
};
const noCache = { ...env, PKG_NO_CODE_CACHE: '1' };
const COMMANDS = {
  'pkg --version': ['--version'],
  'pkg chain info': ['chain', 'info', '--json'],
  'pkg market pool': ['market', 'pool', 'robinhood', DEX.PAIR_V3, '--json'],
} satisfies Record<string, string[]>;
type Name = keyof typeof COMMANDS;
const pkg = (name: Name, withEnv: NodeJS.ProcessEnv = env) =>
  exec(process.execPath, [CLI, ...COMMANDS[name]], { env: withEnv, cwd: home });

/** Milliseconds from spawning `pkg <args>` to its exit. */
async function timed(name: Name): Promise<number> {
  const start = performance.now();
  await pkg(name);
  return performance.now() - start;
}

const RUNS = 21;
const TARGET_MS = 150;

afterAll(async () => {
  // Interleaved, so that a busy moment of the machine weighs on every command alike.
  const times = new Map<Name, number[]>(Object.keys(COMMANDS).map((name) => [name as Name, []]));
  for (const name of times.keys()) await pkg(name); // the code caches exist from the benches above
  for (let i = 0; i < RUNS; i++) for (const [name, list] of times) list.push(await timed(name));
  for (const [name, list] of times) {
    const median = quantile(list, 0.5);
    const pass = median <= TARGET_MS;
    const verdict =
      name === 'pkg --version' ? 'reference' : `target ≤ ${TARGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`;
    console.log(`cold ${name}: ${median.toFixed(0)} ms (${verdict}; ${spread(list)})`);
    if (name !== 'pkg --version')
      recordTarget({
        measure: `cold \`${name}\` (code cache warm)`,
        measured: `${median.toFixed(0)} ms (median; ${spread(list)})`,
        target: `<= ${TARGET_MS} ms`,
        pass,
        bench: 'cli cold-start.bench.ts',
      });
  }
  await rpc.close();
  await dex.close();
  rmSync(home, { recursive: true, force: true });
}, 120_000);

const options = { time: 2_000, warmupIterations: 3 };
describe('cold start', () => {
  bench(
    'peer: node -e 0',
    async () => {
      await exec(process.execPath, ['-e', '0']);
    },
    options,
  );
  bench('pkg --version', () => pkg('pkg --version').then(() => undefined), options);
  bench('pkg chain info (local RPC)', () => pkg('pkg chain info').then(() => undefined), options);
  bench(
    'pkg market pool (local DexScreener double)',
    () => pkg('pkg market pool').then(() => undefined),
    options,
  );
  bench(
    'pkg chain info, no code cache (a first run)',
    () => pkg('pkg chain info', noCache).then(() => undefined),
    options,
  );
});
