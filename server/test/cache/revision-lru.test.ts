// The metadata caches' LRU: bounded by entries and by size (serialized answers by the characters
// they hold, decoded records by their estimated bytes): the least recently used answers leave
// first, a hit keeps an answer, and one answer larger than the bound is still served until the
// next one comes.
import { describe, expect, test } from 'vitest';
import {
  estimatedBytes,
  METADATA_CACHE_BYTES,
  METADATA_CACHE_ENTRIES,
  recordBounds,
  RevisionLru,
  type CachedJson,
} from '../../src/cache/metadata-cache.js';

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

describe('the decoded records, bounded by their estimated size', () => {
  const record = (description: string, versions: number) => ({
    namespace: 'bench',
    name: 'pkg',
    description,
    createdAt: new Date(0),
    versions: Array.from({ length: versions }, (_, i) => ({ version: `1.0.${i}`, yanked: null })),
  });

  test('a record is estimated by its characters and values', () => {
    const short = estimatedBytes(record('a skill', 1));
    expect(estimatedBytes(record(`a skill${'x'.repeat(1000)}`, 1))).toBe(short + 1000);
    expect(estimatedBytes(record('a skill', 11))).toBeGreaterThan(short + 10 * 50);
  });

  test('a cache bounded as the packages cache is holds records up to its bytes, whatever their count', () => {
    const cache = new RevisionLru(
      recordBounds<ReturnType<typeof record>>(METADATA_CACHE_ENTRIES.packages, METADATA_CACHE_BYTES.packages),
    );
    for (let i = 0; i < METADATA_CACHE_ENTRIES.packages; i++)
      cache.set(`p${i}`, 1, record('a skill with 100 versions', 100));
    expect(cache.heldSize).toBeLessThanOrEqual(METADATA_CACHE_BYTES.packages);
    expect(cache.size).toBeLessThan(METADATA_CACHE_ENTRIES.packages);
    expect(cache.get(`p${METADATA_CACHE_ENTRIES.packages - 1}`, 1)).toBeDefined();
    expect(cache.get('p0', 1)).toBeUndefined();
  });
});
