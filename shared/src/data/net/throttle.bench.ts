// Throttle accuracy: the requests each budget admits per minute when callers ask far more often
// than it allows (docs/data-layer.md: DexScreener 300 a minute, GeckoTerminal 10). Five simulated
// minutes on a fake Date (the budget's windows read Date.now()), with requests offered every
// 20 ms (3,000 a minute); a request that cannot be admitted before its time-out is refused, as in
// production. Prints admitted-per-minute against the budget, then times admit() itself.
import { afterAll, bench, describe, vi } from 'vitest';
import { createThrottle } from './throttle.js';

const START = Date.UTC(2026, 10, 1, 12, 0, 0);
const OFFER_EVERY_MS = 20;
const MINUTES = 5;

async function admittedPerMinute(perMinute: number): Promise<number[]> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  const throttle = createThrottle(`accuracy-${perMinute}`, perMinute);
  const perWindow = new Array<number>(MINUTES).fill(0);
  for (let t = 0; t < MINUTES * 60_000; t += OFFER_EVERY_MS) {
    vi.setSystemTime(START + t);
    try {
      // A time-out shorter than the offer interval: never waits, so time only moves here.
      await throttle.admit(OFFER_EVERY_MS - 1);
      perWindow[Math.floor(t / 60_000)] = (perWindow[Math.floor(t / 60_000)] ?? 0) + 1;
    } catch {
      // refused: over the budget
    }
  }
  vi.useRealTimers();
  return perWindow;
}

const rows: Record<string, unknown>[] = [];
for (const [provider, budget] of [
  ['DexScreener', 300],
  ['GeckoTerminal', 10],
] as const) {
  const counts = await admittedPerMinute(budget);
  rows.push({
    provider,
    'budget / min': budget,
    'offered / min': 60_000 / OFFER_EVERY_MS,
    'admitted per minute': counts.join(', '),
    'max over budget': Math.max(...counts) - budget,
  });
}
console.log('\nThrottle accuracy (5 simulated minutes)');
console.table(rows);

const fast = createThrottle('bench-fast', Number.MAX_SAFE_INTEGER);
afterAll(() => vi.useRealTimers());

describe('throttle', () => {
  bench('admit() under the budget', async () => {
    await fast.admit(1_000);
  });
});
