// `pkg install` of one package from a local registry, cold and from the lock file, next to
// `npm install` of a tarball of the same size from a local Verdaccio 6, in the same run.
// Target: pkg install from pkg-lock.json in at most 0.3x the time of npm install from
// package-lock.json (docs/performance.md, "Install from the lock file"): after the benches, 21
// runs of each, interleaved so that a busy moment of the machine weighs on both alike; the ratio
// of the medians is printed with PASS or FAIL and recorded in the bench harness's target table.
// A last row installs a small package (the scaffold only, a few KiB), where the per-install work
// shows most: since docs/trust.md, the keys, checkpoint and inclusion proof of every version.
// Target: at most 10% slower than before those checks.
// Runs the built CLI and the built server (npm run bench builds both first). The CLI's code cache
// (src/code-cache.ts) lives in this run's HOME: it is written by the first install (a warm-up
// iteration) and used by the others; the "no code cache" row shows a first run's cost.
// PKG_BENCH_BASELINE=<a copy of another build's cli/dist> adds that build to the target row's
// turns (A/B: its own code cache, the same registry, project and lock) and, after them, the CPU
// time of an install from the lock of each build (process.cpuUsage() at exit, by a --require
// hook, cpu-at-exit.cjs), in alternate runs: a measure that depends less on the machine's load.
//   cp -r cli/dist /tmp/dist-main   (on the baseline's checkout, built)
//   PKG_BENCH_BASELINE=/tmp/dist-main npx vitest bench --run test/bench/install.bench.ts
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, bench, describe } from 'vitest';
import { pathToFileURL } from 'node:url';
import type * as ProcessesModule from '../../../server/bench/processes.js';
import type * as TargetsModule from '../../../server/bench/targets.js';
import { CLI } from '../helpers/run-cli.js';
import { quantile, spread, timed } from './summary.js';

// The built server's bench helpers (child processes on loopback ports), typed from their source.
type Processes = typeof ProcessesModule;
const built = path.resolve(import.meta.dirname, '../../../server/dist-bench/bench/processes.js');
const { startPkgServer, startVerdaccio } = (await import(pathToFileURL(built).href)) as Processes;

// The bench harness's target table (server/bench/targets.ts), built by `npm run bench:build -w @pkg/server`.
const targetsBuilt = path.resolve(import.meta.dirname, '../../../server/dist-bench/bench/targets.js');
const { recordTarget } = (await import(pathToFileURL(targetsBuilt).href)) as typeof TargetsModule;

const exec = promisify(execFile);
const ADMIN = path.resolve(import.meta.dirname, '../../../server/dist/bin/pkg-admin.js');
const PAYLOAD_BYTES = 1024 * 1024;
const root = mkdtempSync(path.join(tmpdir(), 'pkg-install-bench-'));
const payload = randomBytes(PAYLOAD_BYTES);
const env = { PATH: process.env.PATH ?? '', HOME: root, XDG_CONFIG_HOME: path.join(root, '.config') };

const pkgServer = await startPkgServer(path.join(root, 'pkg-data'));
const verdaccio = await startVerdaccio(path.join(root, 'verdaccio'));
afterAll(async () => {
  await compareFromLock();
  await pkgServer.stop();
  await verdaccio.stop();
  rmSync(root, { recursive: true, force: true });
}, 300_000);

// The skill: the scaffold plus 1 MiB of incompressible data, published with the CLI.
const { stdout: created } = await exec(process.execPath, [ADMIN, 'user', 'create', 'bench'], {
  env: { ...env, PKG_DATA_DIR: path.join(root, 'pkg-data') },
});
const token = created.trim().split('\n').at(-1) ?? '';
const cliEnv = { ...env, PKG_REGISTRY: pkgServer.url, PKG_TOKEN: token };
await exec(process.execPath, [CLI, 'init', 'skill', '--namespace', 'bench', '--name', 'skill'], {
  cwd: root,
  env: cliEnv,
});
writeFileSync(path.join(root, 'skill', 'data.bin'), payload);
await exec(process.execPath, [CLI, 'publish', 'skill'], { cwd: root, env: cliEnv });
await exec(process.execPath, [CLI, 'init', 'small', '--namespace', 'bench', '--name', 'small'], {
  cwd: root,
  env: cliEnv,
});
await exec(process.execPath, [CLI, 'publish', 'small'], { cwd: root, env: cliEnv });

// The npm package: the same bytes, packed by npm and published to Verdaccio by npm.
const npmDir = path.join(root, 'npm-skill');
mkdirSync(npmDir);
writeFileSync(
  path.join(npmDir, 'package.json'),
  JSON.stringify({ name: 'bench-skill', version: '1.0.0', main: 'index.js' }),
);
writeFileSync(path.join(npmDir, 'index.js'), 'export default 1;\n');
writeFileSync(path.join(npmDir, 'data.bin'), payload);
const npmrc = path.join(root, '.npmrc');
writeFileSync(
  npmrc,
  `registry=${verdaccio.url}/\n//${new URL(verdaccio.url).host}/:_authToken=bench\naudit=false\nfund=false\nupdate-notifier=false\n`,
);
const npmEnv = { ...env, npm_config_userconfig: npmrc };
await exec('npm', ['publish', '--registry', `${verdaccio.url}/`], { cwd: npmDir, env: npmEnv });

// Lock files to install from: one pkg project, one npm project.
const pkgLocked = path.join(root, 'pkg-locked');
mkdirSync(pkgLocked);
await exec(process.execPath, [CLI, 'install', '@bench/skill'], { cwd: pkgLocked, env: cliEnv });
const npmLocked = path.join(root, 'npm-locked');
mkdirSync(npmLocked);
writeFileSync(path.join(npmLocked, 'package.json'), '{"name":"consumer","version":"1.0.0","private":true}');
await exec('npm', ['install', 'bench-skill', '--cache', path.join(root, 'npm-cache-seed')], {
  cwd: npmLocked,
  env: npmEnv,
});

let n = 0;
function freshDir(from?: string, files: string[] = []): string {
  const dir = path.join(root, `run-${n++}`);
  mkdirSync(dir);
  for (const file of files) copyFileSync(path.join(from ?? '', file), path.join(dir, file));
  return dir;
}

/** pkg install from pkg-lock.json, in a new project directory (`cli`: another build's pkg.js). */
const pkgFromLock = (withEnv: NodeJS.ProcessEnv = cliEnv, cli = CLI, nodeArgs: string[] = []) =>
  exec(process.execPath, [...nodeArgs, cli, 'install'], {
    cwd: freshDir(pkgLocked, ['pkg.json', 'pkg-lock.json']),
    env: withEnv,
  });

/** The baseline build of PKG_BENCH_BASELINE, with its own code cache; undefined without it. */
const baseline = process.env.PKG_BENCH_BASELINE
  ? {
      cli: path.join(path.resolve(process.env.PKG_BENCH_BASELINE), 'pkg.js'),
      env: { ...cliEnv, XDG_CACHE_HOME: path.join(root, 'baseline-cache') },
    }
  : undefined;
const CPU_HOOK = path.resolve(import.meta.dirname, 'cpu-at-exit.cjs');

/** CPU milliseconds of an install from the lock, as the --require hook reports them. */
async function cpuOfInstall(withEnv: NodeJS.ProcessEnv, cli: string): Promise<number> {
  const { stderr } = await pkgFromLock(withEnv, cli, ['--require', CPU_HOOK]);
  const match = /^pkg-bench-cpu ([\d.]+)$/m.exec(stderr);
  if (!match) throw new Error(`no CPU time in the output of ${cli}: ${stderr}`);
  return Number(match[1]);
}

/** npm install from package-lock.json, in a new project directory with an empty npm cache. */
const npmFromLock = () => {
  const dir = freshDir(npmLocked, ['package.json', 'package-lock.json']);
  return exec('npm', ['install', '--cache', path.join(dir, '.npm-cache')], { cwd: dir, env: npmEnv });
};

const RUNS = 21;
const TARGET_RATIO = 0.3;

/** The target row: medians of interleaved runs, pkg then npm, RUNS of each. */
async function compareFromLock(): Promise<void> {
  const pkg: number[] = [];
  const npm: number[] = [];
  const base: number[] = [];
  await pkgFromLock(); // the code cache of `install` exists from the benches; this makes sure
  if (baseline) await pkgFromLock(baseline.env, baseline.cli); // and the baseline's
  const turn = [
    async () => pkg.push(await timed(() => pkgFromLock())),
    async () => npm.push(await timed(npmFromLock)),
    ...(baseline ? [async () => base.push(await timed(() => pkgFromLock(baseline.env, baseline.cli)))] : []),
  ];
  for (let i = 0; i < RUNS; i++) {
    // Each round starts with the next runner, so that none always follows npm's (busier) run.
    for (let j = 0; j < turn.length; j++) await turn[(i + j) % turn.length]?.();
  }
  if (baseline) await compareWithBaseline(baseline, { pkg, base, npm });
  const ratio = quantile(pkg, 0.5) / quantile(npm, 0.5);
  const pass = ratio <= TARGET_RATIO;
  const measured = `${ratio.toFixed(2)}x (pkg ${quantile(pkg, 0.5).toFixed(0)} ms, ${spread(pkg)}; npm ${quantile(npm, 0.5).toFixed(0)} ms, ${spread(npm)})`;
  console.log(
    `pkg install from pkg-lock.json vs npm install from package-lock.json: ${measured} (target ≤ ${TARGET_RATIO}x: ${pass ? 'PASS' : 'FAIL'})`,
  );
  recordTarget({
    measure: 'pkg install from pkg-lock.json vs npm install from package-lock.json',
    measured,
    target: `<= ${TARGET_RATIO}x`,
    pass,
    bench: 'cli install.bench.ts',
  });
}

/** The A/B rows: wall time of the target row's turns, then CPU time in alternate runs. */
async function compareWithBaseline(
  build: NonNullable<typeof baseline>,
  wall: { pkg: number[]; base: number[]; npm: number[] },
): Promise<void> {
  const cpu: { pkg: number[]; base: number[] } = { pkg: [], base: [] };
  for (let i = 0; i < RUNS; i++) {
    const turn = [
      async () => cpu.pkg.push(await cpuOfInstall(cliEnv, CLI)),
      async () => cpu.base.push(await cpuOfInstall(build.env, build.cli)),
    ];
    for (const run of i % 2 === 0 ? turn : turn.reverse()) await run();
  }
  const median = (values: number[]) => quantile(values, 0.5).toFixed(0);
  const ratio = (values: number[]) => (quantile(values, 0.5) / quantile(wall.npm, 0.5)).toFixed(2);
  console.log(
    `A/B, pkg install from pkg-lock.json: this build ${median(wall.pkg)} ms (${spread(wall.pkg)}; ${ratio(wall.pkg)}x npm), baseline ${median(wall.base)} ms (${spread(wall.base)}; ${ratio(wall.base)}x npm)`,
  );
  console.log(
    `A/B, CPU of pkg install from pkg-lock.json: this build ${median(cpu.pkg)} ms (${spread(cpu.pkg)}), baseline ${median(cpu.base)} ms (${spread(cpu.base)})`,
  );
}

const options = { time: 3_000, iterations: 5, warmupIterations: 1 };
describe(`install one package of ${PAYLOAD_BYTES / 1024} KiB of data`, () => {
  bench(
    'pkg install (cold: resolve, record, download, verify)',
    async () => {
      await exec(process.execPath, [CLI, 'install', '@bench/skill'], { cwd: freshDir(), env: cliEnv });
    },
    options,
  );
  bench(
    'pkg install (from pkg-lock.json)',
    async () => {
      await pkgFromLock();
    },
    options,
  );
  bench(
    'pkg install (from pkg-lock.json, no code cache: a first run)',
    async () => {
      await pkgFromLock({ ...cliEnv, PKG_NO_CODE_CACHE: '1' });
    },
    options,
  );
  bench(
    'peer: npm install from Verdaccio (cold, empty cache)',
    async () => {
      const dir = freshDir();
      writeFileSync(path.join(dir, 'package.json'), '{"name":"consumer","version":"1.0.0","private":true}');
      await exec('npm', ['install', 'bench-skill', '--cache', path.join(dir, '.npm-cache')], {
        cwd: dir,
        env: npmEnv,
      });
    },
    options,
  );
  bench(
    'peer: npm install from Verdaccio (package-lock.json, empty cache)',
    async () => {
      await npmFromLock();
    },
    options,
  );
});

describe('install one small package (the scaffold only)', () => {
  bench(
    'pkg install of a small package (cold: resolve, record, download, verify)',
    async () => {
      await exec(process.execPath, [CLI, 'install', '@bench/small'], { cwd: freshDir(), env: cliEnv });
    },
    { time: 10_000, iterations: 40, warmupIterations: 3 },
  );
});
