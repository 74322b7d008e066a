// What the CLI benches share for their target rows: the median with its p10–p90 spread of
// interleaved runs. (Each bench loads the harness's target table, server/bench/targets.ts, from
// its build, server/dist-bench/bench/targets.js, which `npm run bench` builds first.)

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** `p10–p90 a–b ms, n runs` of a list of milliseconds. */
export function spread(values: readonly number[]): string {
  return `p10–p90 ${quantile(values, 0.1).toFixed(0)}–${quantile(values, 0.9).toFixed(0)} ms, ${values.length} runs`;
}

/** Milliseconds `run` takes. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}
