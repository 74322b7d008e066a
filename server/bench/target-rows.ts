// The registry benchmark's target rows that more than one of its modes records (the package
// document's, with PKG_BENCH_ONLY=doc too) or whose figure carries a spread (the first
// download's), and the printed table of target rows.
import type { TimedResult } from './load.js';
import type { TargetRow } from './targets.js';

export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export const BENCH = 'server registry-bench.ts';

/**
 * The package document's target row: the best run's requests a second over Verdaccio's; with
 * PKG_BENCH_ONLY=doc also the median of the rounds' ratios (its runs are taken in turns).
 */
export function docTargetRow(pkgRps: number, verdaccioRps: number, roundsMedian?: number): TargetRow {
  const docRatio = verdaccioRps > 0 ? pkgRps / verdaccioRps : Number.POSITIVE_INFINITY;
  const rounds = roundsMedian === undefined ? '' : ` (median of the rounds ${fixed(roundsMedian, 2)}x)`;
  return {
    measure: 'package document vs Verdaccio (req/s)',
    measured: `${fixed(docRatio, 2)}x${rounds}`,
    target: '>= 5x',
    pass: docRatio >= 5,
    bench: BENCH,
  };
}

/**
 * The first-download row: pkg's p50 over node:http's single-client p50 (its downloads taken in
 * turns with pkg's), with the spread of the samples (p10, p90 and max over the same p50).
 */
export function coldTargetRow(cold: TimedResult, plainP50: number): TargetRow {
  const x = (ms: number) => `${fixed(plainP50 > 0 ? ms / plainP50 : Number.POSITIVE_INFINITY, 2)}x`;
  const ratio = plainP50 > 0 ? cold.p50 / plainP50 : Number.POSITIVE_INFINITY;
  return {
    measure: 'first download right after publish vs node:http (p50)',
    measured:
      `${x(cold.p50)} over ${cold.count} samples (p10 ${x(cold.p10)}, p90 ${x(cold.p90)}, max ${x(cold.max)}; ` +
      `pkg p10/p50/p90/max ${fixed(cold.p10)}/${fixed(cold.p50)}/${fixed(cold.p90)}/${fixed(cold.max)} ms, ` +
      `node:http p50 ${fixed(plainP50)} ms)`,
    target: '<= 1.5x over >= 30 samples',
    pass: ratio <= 1.5 && cold.count >= 30,
    bench: BENCH,
  };
}

export function printTargetRows(rows: readonly TargetRow[]): void {
  process.stdout.write('\nTargets\n');
  console.table(
    rows.map((t) => ({
      target: `${t.measure} ${t.target}`,
      measured: t.measured,
      result: t.pass ? 'PASS' : 'FAIL',
    })),
  );
}
