// The metadata caches' LRU: bounded by entries and, for serialized answers, by the characters
// they hold: the least recently used answers leave first, a hit keeps an answer, and one answer
// larger than the bound is still served until the next one comes.
import { describe, expect, test } from 'vitest';
import { RevisionLru, type CachedJson } from '../../src/cache/metadata-cache.js';

const answer = (chars: number): CachedJson => ({ body: 'x'.repeat(chars - 2), etag: 'e1' });

describe('a RevisionLru bounded by size', () => {
  const lru = () =>
    new RevisionLru<CachedJson>({
      entries: 100,
      size: { max: 1000, of: (a) => a.body.length + a.etag.length },
    });

  test('holds answers up to the size bound, the least recently used leaving first', () => {
    const cache = lru();
    for (let i = 0; i < 4; i++) cache.set(`p${i}`, 1, answer(300));
    expect(cache.size).toBe(3);
    expect(cache.heldSize).toBe(900);
    expect(cache.get('p0', 1)).toBeUndefined();
    expect(cache.get('p1', 1)).toBeDefined(); // a hit: p1 is now the most recent
    cache.set('p4', 1, answer(300));
    expect(cache.get('p2', 1)).toBeUndefined();
    expect([cache.get('p1', 1), cache.get('p3', 1), cache.get('p4', 1)].every(Boolean)).toBe(true);
  });

  test('counts a replaced or outdated entry once', () => {
    const cache = lru();
    cache.set('p', 1, answer(300));
    cache.set('p', 2, answer(500));
    expect(cache.heldSize).toBe(500);
    expect(cache.get('p', 3)).toBeUndefined();
    expect(cache.heldSize).toBe(0);
    expect(cache.size).toBe(0);
  });

  test('keeps one answer larger than the bound until the next arrives', () => {
    const cache = lru();
    cache.set('small', 1, answer(100));
    cache.set('big', 1, answer(5000));
    expect(cache.get('small', 1)).toBeUndefined();
    expect(cache.get('big', 1)?.body.length).toBe(4998);
    cache.set('next', 1, answer(100));
    expect(cache.get('big', 1)).toBeUndefined();
    expect(cache.heldSize).toBe(100);
  });
});
