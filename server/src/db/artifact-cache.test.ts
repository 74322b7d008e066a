// The artifact cache: a byte budget with least-recently-used eviction, one filler per key,
// nothing larger than an item's limit.
import { describe, expect, test } from 'vitest';
import { createArtifactCache } from './artifact-cache.js';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

function filled(cache: ReturnType<typeof createArtifactCache>, key: string, size: number): void {
  expect(cache.claim(key, size)).toBe(true);
  cache.release(key, bytes(size));
}

describe('artifact cache', () => {
  test('keeps the most recently used artifacts within its budget', () => {
    const cache = createArtifactCache({ maxBytes: 100, maxItemBytes: 60 });
    filled(cache, 'a', 40);
    filled(cache, 'b', 40);
    expect(cache.get('a')?.byteLength).toBe(40);
    filled(cache, 'c', 40);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(80);
  });

  test('one filler at a time per key, and only artifacts within the item limit', () => {
    const cache = createArtifactCache({ maxBytes: 100, maxItemBytes: 60 });
    expect(cache.claim('big', 61)).toBe(false);
    expect(cache.claim('k', 10)).toBe(true);
    expect(cache.claim('k', 10)).toBe(false);
    cache.release('k');
    expect(cache.get('k')).toBeUndefined();
    expect(cache.claim('k', 10)).toBe(true);
    cache.release('k', bytes(10));
    expect(cache.claim('k', 10)).toBe(false);
    cache.delete('k');
    expect(cache.bytes).toBe(0);
    expect(cache.claim('k', 10)).toBe(true);
  });
});
