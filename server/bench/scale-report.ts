// The scale-out row's tables and its target (docs/performance.md, "Scale-out"): per run, the
// median round's requests a second and latency, and the cores each process used in it; then
// the checks of the answers, and the row recorded for `npm run bench`'s table (targets.ts).
import type { CpuShare } from './cpu.js';
import type { ScaleOutcome, ScaleResult, ScaleRun, ScaleRunName } from './scale-out.js';
import { SCALE_RUNS } from './scale-out.js';
import { recordTarget, type TargetRow } from './targets.js';

const MEASURE = 'package document req/s, two processes behind a proxy vs one';
const TARGET = 'reported (2 cores: see docs/performance.md, "Scale-out")';
const BENCH = 'server registry-bench.ts';

const LABELS: Record<ScaleRunName, string> = {
  direct: 'one process, direct',
  proxyOne: 'one process behind nginx',
  proxyTwo: 'two processes behind nginx',
};

const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

/** The round with the median req/s (the upper one of an even count). */
export function medianRun(runs: ScaleRun[]): ScaleRun {
  const sorted = [...runs].sort((x, y) => x.load.rps - y.load.rps);
  const run = sorted[Math.floor(sorted.length / 2)];
  if (!run) throw new Error('no scale-out run');
  return run;
}

/** CPU microseconds a request of the servers' (A and B together) and of every process of the run. */
export function cpuPerRequest(run: ScaleRun): { servers: number; all: number } {
  const cpu = run.cpu;
  const perRequest = (cores: number) => (cores * cpu.wallSeconds * 1e6) / Math.max(1, run.load.requests);
  const servers = (cpu.cores.serverA ?? 0) + (cpu.cores.serverB ?? 0);
  const all = Object.values(cpu.cores).reduce((n, x) => n + x, cpu.loadGenerator);
  return { servers: perRequest(servers), all: perRequest(all) };
}

/** Cores each process used over the run. */
function coreColumns(cpu: CpuShare) {
  return {
    'load gen': fixed(cpu.loadGenerator),
    nginx: fixed(cpu.cores.nginx ?? 0),
    'server A': fixed(cpu.cores.serverA ?? 0),
    'server B': fixed(cpu.cores.serverB ?? 0),
    store: fixed(cpu.cores.store ?? 0),
    'other work': fixed(cpu.others),
    'machine busy': `${fixed(cpu.machineBusy)} of ${fixed(cpu.machineCores, 0)}`,
  };
}

/** What a request cost: CPU, socket reads and writes, and the servers' context switches. */
function perRequestColumns(run: ScaleRun) {
  const cpu = run.cpu;
  const micros = cpuPerRequest(run);
  const per = (n: number) => n / Math.max(1, run.load.requests);
  const servers = ['serverA', 'serverB'];
  const sum = (value: (name: string) => number) => servers.reduce((n, name) => n + value(name), 0);
  return {
    'servers CPU µs': fixed(micros.servers, 0),
    'all CPU µs': fixed(micros.all, 0),
    'servers reads+writes': fixed(per(sum((name) => cpu.ioCalls[name] ?? 0))),
    'store reads+writes': fixed(per(cpu.ioCalls.store ?? 0)),
    'servers switches': fixed(per(sum((name) => cpu.switches[name]?.voluntary ?? 0))),
    'servers preempted': fixed(per(sum((name) => cpu.switches[name]?.preempted ?? 0))),
  };
}

function failuresOf(r: ScaleResult): number {
  return SCALE_RUNS.reduce((n, name) => n + r.runs[name].reduce((m, run) => m + run.load.failures, 0), 0);
}

/** What is wrong with the answers, if anything (the row fails on any of these). */
export function problemsOf(r: ScaleResult): string[] {
  const c = r.checks;
  const problems: string[] = [];
  const failures = failuresOf(r);
  if (failures > 0) problems.push(`${failures} failed requests`);
  if (!c.etags.serverA || c.etags.serverA !== c.etags.serverB)
    problems.push(`ETags differ: ${c.etags.serverA} vs ${c.etags.serverB}`);
  if (c.upstreamsSeen !== 2) problems.push(`the proxy reached ${c.upstreamsSeen} of 2 servers`);
  if (c.underLoad.samples === 0 || c.underLoad.mismatches > 0)
    problems.push(`${c.underLoad.mismatches} of ${c.underLoad.samples} answers under load had another ETag`);
  if (!c.publishSeenByOther) problems.push('a publish through server A was not seen through server B');
  return problems;
}

function printTables(r: ScaleResult): void {
  const out = (text: string) => process.stdout.write(`\n${text}\n`);
  out(
    `Scale-out: GET /packages/bench/big, one store (pkg-admin db serve), ${r.connections} connections, ${r.seconds} s, the median of ${r.rounds} alternating rounds`,
  );
  const median = Object.fromEntries(SCALE_RUNS.map((name) => [name, medianRun(r.runs[name])])) as Record<
    ScaleRunName,
    ScaleRun
  >;
  console.table(
    SCALE_RUNS.map((name) => ({
      run: LABELS[name],
      'req/s': thousands(median[name].load.rps),
      'p50 ms': median[name].load.p50,
      'p99 ms': median[name].load.p99,
      failures: r.runs[name].reduce((n, x) => n + x.load.failures, 0),
      'req/s of each round': r.runs[name].map((x) => thousands(x.load.rps)).join(' / '),
    })),
  );
  out(
    'Scale-out: cores each process used in the median round (/proc/<pid>/stat; the load generator is this process)',
  );
  console.table(SCALE_RUNS.map((name) => ({ run: LABELS[name], ...coreColumns(median[name].cpu) })));
  out('Scale-out: per request in the median round (/proc/<pid>/io, /proc/<pid>/status)');
  console.table(SCALE_RUNS.map((name) => ({ run: LABELS[name], ...perRequestColumns(median[name]) })));
  const c = r.checks;
  process.stdout.write(
    `ETag from server A ${c.etags.serverA}, from server B ${c.etags.serverB}; servers reached through the proxy: ${c.upstreamsSeen}; ` +
      `answers straight from each server during the two-process runs: ${c.underLoad.samples}, other ETag: ${c.underLoad.mismatches}; ` +
      `publish through A seen through B: ${c.publishSeenByOther ? 'yes' : 'no'}\n`,
  );
  if (r.proxyLog) process.stdout.write(`nginx logged:\n${r.proxyLog}\n`);
}

function measured(r: ScaleResult): string {
  const one = medianRun(r.runs.proxyOne);
  const two = medianRun(r.runs.proxyTwo);
  const ratio = one.load.rps > 0 ? two.load.rps / one.load.rps : Number.NaN;
  const cpu = two.cpu;
  const servers = (cpu.cores.serverA ?? 0) + (cpu.cores.serverB ?? 0);
  return (
    `${fixed(ratio)}x (${thousands(two.load.rps)} vs ${thousands(one.load.rps)} req/s; ` +
    `CPU of the two-process run, cores: load generator ${fixed(cpu.loadGenerator)}, nginx ${fixed(cpu.cores.nginx ?? 0)}, ` +
    `servers ${fixed(servers)}, store ${fixed(cpu.cores.store ?? 0)}, other work ${fixed(cpu.others)}, ` +
    `machine ${fixed(cpu.machineBusy)} of ${fixed(cpu.machineCores, 0)}; ` +
    `servers' CPU a request ${fixed(cpuPerRequest(one).servers, 0)} µs with one, ${fixed(cpuPerRequest(two).servers, 0)} µs with two)`
  );
}

/** Prints the tables (or the reason there are none) and records the row. */
export function reportScaleOut(outcome: ScaleOutcome): void {
  let row: TargetRow;
  if (!outcome.ok) {
    row = {
      measure: MEASURE,
      measured: `not measured: ${outcome.reason}`,
      target: TARGET,
      pass: false,
      bench: BENCH,
    };
  } else {
    printTables(outcome.result);
    const problems = problemsOf(outcome.result);
    const text = measured(outcome.result);
    row = {
      measure: MEASURE,
      measured: problems.length === 0 ? text : `${text}; ${problems.join('; ')}`,
      target: TARGET,
      pass: problems.length === 0,
      bench: BENCH,
    };
  }
  recordTarget(row);
  process.stdout.write('\nScale-out target\n');
  console.table([
    { target: `${row.measure} ${row.target}`, measured: row.measured, result: row.pass ? 'PASS' : 'FAIL' },
  ]);
}
