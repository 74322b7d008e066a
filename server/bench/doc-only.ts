// PKG_BENCH_ONLY=doc: the package document and version record rows alone (pkg seeded with the
// benchmark's packages, Verdaccio beside it), taken in turns for BENCH_ROUNDS rounds; records the
// "package document vs Verdaccio" target row as the full report does.
// PKG_BENCH_BASELINES=<label>=<dist/main.js>,… also starts other builds of the server (each on
// its own data directory, seeded alike) and takes their runs in the same turns: an A/B in which
// a swing of the machine's load falls on every build alike. Verdaccio in the same round is the
// yardstick: the ratios per round, and their median, are the figures to compare.
//   PKG_BENCH_ONLY=doc PKG_BENCH_BASELINES=old=<another worktree>/server/dist/main.js npm run bench:registry -w @pkg/server
import path from 'node:path';
import { buildBigPackage, npmPublishBody } from './fixtures.js';
import { best, expectStatus, inTurns, log, NS, setUpPkg, type Run } from './bench-steps.js';
import type { TurnResult } from './bench-steps.js';
import { startVerdaccio, type Child } from './processes.js';
import { docTargetRow, printTargetRows } from './target-rows.js';
import { recordTarget } from './targets.js';

interface Build {
  label: string;
  main?: string;
}

/** PKG_BENCH_BASELINES read: `label=path` pairs, comma-separated. */
export function baselinesOf(value: string | undefined): Build[] {
  if (!value) return [];
  return value.split(',').map((pair) => {
    const at = pair.indexOf('=');
    const label = pair.slice(0, at).trim();
    const main = path.resolve(pair.slice(at + 1).trim());
    if (at < 1 || !/^[a-z0-9-]+$/i.test(label) || main === '')
      throw new Error(`PKG_BENCH_BASELINES: "${pair}" is not <label>=<path of dist/main.js>`);
    return { label, main };
  });
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

export async function docOnly(
  work: string,
  children: Child[],
  rounds: number,
  seconds: number,
): Promise<void> {
  const big = await buildBigPackage(NS, 'big');
  const builds: Build[] = [{ label: 'this' }, ...baselinesOf(process.env.PKG_BENCH_BASELINES)];
  const runs: Record<string, Run> = {};
  for (const build of builds) {
    log(`pkg build "${build.label}": ${build.main ?? 'this build'}`);
    const { pkg } = await setUpPkg(path.join(work, `pkg-data-${build.label}`), big.bytes, build.main);
    children.push(pkg);
    runs[`${build.label} doc`] = { url: `${pkg.url}/packages/${NS}/big`, pid: pkg.pid };
    runs[`${build.label} version`] = { url: `${pkg.url}/packages/${NS}/big/1.0.0`, pid: pkg.pid };
  }
  const verdaccio = await startVerdaccio(path.join(work, 'verdaccio'));
  children.push(verdaccio);
  const res = await fetch(`${verdaccio.url}/bench-big`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: npmPublishBody('bench-big', '1.0.0', big.bytes, verdaccio.url),
  });
  await expectStatus(res, 201, 'Verdaccio publish');
  runs['Verdaccio doc'] = { url: `${verdaccio.url}/bench-big`, pid: verdaccio.pid };
  runs['Verdaccio version'] = { url: `${verdaccio.url}/bench-big/1.0.0`, pid: verdaccio.pid };

  const all = await inTurns(runs, rounds, seconds);
  const of = (name: string): TurnResult[] => all[name] ?? [];
  const failures = Object.values(all)
    .flat()
    .reduce((n, r) => n + r.failures, 0);
  process.stdout.write(
    `\nRequests a second per round (50 connections, ${seconds} s a run, taken in turns)\n`,
  );
  console.table(
    Object.fromEntries(
      Object.keys(runs).map((name) => [
        name,
        Object.fromEntries(of(name).map((r, i) => [`round ${i + 1}`, Math.round(r.rps)])),
      ]),
    ),
  );
  process.stdout.write('\nServer CPU time per request, µs, per round (from /proc: load-independent)\n');
  console.table(
    Object.fromEntries(
      Object.keys(runs).map((name) => [
        name,
        {
          ...Object.fromEntries(of(name).map((r, i) => [`round ${i + 1}`, Math.round(r.cpuUsPerRequest)])),
          median: Math.round(median(of(name).map((r) => r.cpuUsPerRequest))),
        },
      ]),
    ),
  );
  process.stdout.write(
    '\nEach build over Verdaccio in the same round (req/s ratio; CPU per request ratio)\n',
  );
  const ratios = (kind: 'doc' | 'version', label: string) =>
    of(`${label} ${kind}`).map((r, i) => r.rps / (of(`Verdaccio ${kind}`)[i]?.rps ?? NaN));
  const cpuRatios = (kind: 'doc' | 'version', label: string) =>
    of(`Verdaccio ${kind}`).map(
      (v, i) => v.cpuUsPerRequest / (of(`${label} ${kind}`)[i]?.cpuUsPerRequest ?? NaN),
    );
  console.table(
    builds.flatMap((b) =>
      (['doc', 'version'] as const).map((kind) => {
        const each = ratios(kind, b.label);
        return {
          build: b.label,
          read: kind === 'doc' ? 'GET /packages/bench/big' : 'GET /packages/bench/big/1.0.0',
          'median ratio': median(each).toFixed(2),
          rounds: each.map((x) => x.toFixed(2)).join(' '),
          'CPU ratio (median)': median(cpuRatios(kind, b.label)).toFixed(2),
          'best p99 ms': best(of(`${b.label} ${kind}`)).p99,
        };
      }),
    ),
  );
  const row = docTargetRow(
    best(of('this doc')).rps,
    best(of('Verdaccio doc')).rps,
    median(ratios('doc', 'this')),
  );
  recordTarget(row);
  printTargetRows([
    row,
    {
      measure: 'failed requests (2xx)',
      measured: String(failures),
      target: '0',
      pass: failures === 0,
      bench: row.bench,
    },
  ]);
  if (failures > 0) throw new Error(`${failures} requests failed`);
}
