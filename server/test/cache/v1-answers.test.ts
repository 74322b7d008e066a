// The /v1 answer cache: single flight for concurrent requests, kept for the TTL, a failed panel
// never kept.
import { describe, expect, test } from 'vitest';
import { createV1AnswerCache } from '../../src/cache/v1-answers.js';
import { edgeCacheControl } from '../../src/rest/v1-send.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('v1 answer cache', () => {
  test('100 concurrent requests for one answer cause one build', async () => {
    const cache = createV1AnswerCache();
    let builds = 0;
    const gate = deferred<void>();
    const build = async () => {
      builds++;
      await gate.promise;
      return { value: { n: builds }, ttlMs: 30_000, keep: true };
    };
    const all = Array.from({ length: 100 }, () => cache.answer('stocks', build));
    gate.resolve();
    const answers = await Promise.all(all);
    expect(builds).toBe(1);
    expect(new Set(answers.map((a) => a.value)).size).toBe(1);
    expect(answers[0]?.value).toEqual({ n: 1 });
  });

  test('kept for its TTL, built again after', async () => {
    let now = 1_000_000;
    const cache = createV1AnswerCache({ now: () => now });
    let builds = 0;
    const build = () => Promise.resolve({ value: { n: ++builds }, ttlMs: 30_000, keep: true });
    await cache.answer('chain', build);
    now += 29_000;
    await cache.answer('chain', build);
    expect(builds).toBe(1);
    now += 2_000;
    const again = await cache.answer('chain', build);
    expect(builds).toBe(2);
    expect(again.value).toEqual({ n: 2 });
  });

  test('an answer with a failed panel is shared by the waiting requests but not kept', async () => {
    const cache = createV1AnswerCache();
    let builds = 0;
    const gate = deferred<void>();
    const build = async () => {
      builds++;
      await gate.promise;
      return { value: { failed: true }, ttlMs: 30_000, keep: false };
    };
    const waiting = [cache.answer('odds', build), cache.answer('odds', build)];
    gate.resolve();
    await Promise.all(waiting);
    expect(builds).toBe(1);
    await cache.answer('odds', () =>
      Promise.resolve({ value: { failed: false }, ttlMs: 30_000, keep: true }),
    );
    expect(builds).toBe(1);
    const later = await cache.answer('odds', build);
    expect(later.value).toEqual({ failed: false });
  });

  test('a build that throws is not kept: the next request builds again', async () => {
    const cache = createV1AnswerCache();
    await expect(cache.answer('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const ok = await cache.answer('x', () => Promise.resolve({ value: 1, ttlMs: 5_000, keep: true }));
    expect(ok.value).toBe(1);
  });

  test('edge headers follow the TTL', () => {
    expect(edgeCacheControl(30_000)).toBe('public, max-age=30, s-maxage=30, stale-while-revalidate=30');
    expect(edgeCacheControl(200)).toBe('public, max-age=1, s-maxage=1, stale-while-revalidate=1');
  });
});
