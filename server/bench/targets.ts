// Every bench's targets in one table. `npm run bench` names a file in PKG_BENCH_TARGETS; each bench
// appends its target rows to it (recordTarget, one JSON line each), and the last step prints them
// all with PASS or FAIL (print-targets.ts). A bench run alone (no PKG_BENCH_TARGETS) records
// nothing and prints its own rows as before. Benches outside this folder load the built module
// (server/dist-bench/bench/targets.js, built by `npm run bench:build -w @pkg/server`).
import { appendFileSync, readFileSync } from 'node:fs';

export interface TargetRow {
  /** What is measured, as docs/performance.md names it. */
  measure: string;
  /** The figure, with its unit or ratio, and its spread when it has one. */
  measured: string;
  /** The target, in words. */
  target: string;
  pass: boolean;
  /** Which bench measured it. */
  bench: string;
}

export function recordTarget(row: TargetRow): void {
  const file = process.env.PKG_BENCH_TARGETS;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/** The rows recorded in a file, in the order they were recorded; unparsable lines are skipped. */
export function readTargets(file: string): TargetRow[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as TargetRow];
      } catch {
        return [];
      }
    });
}
