// The package pages kept (page-cache.ts): bounded in pages and in characters, the least recently
// used out first; a page is served only for the revision and the render build it was kept for.
import { describe, expect, test } from 'vitest';
import { createPageCache, PAGE_CACHE_BOUNDS, pageKey } from './page-cache.js';

const page = (text: string) => ({ markup: `<main>${text}</main>`, data: `<script>${text}</script>` });
const HOUR = 3_600_000;

describe('the package pages kept', () => {
  test('holds at most its number of pages, the least recently used out first', () => {
    const cache = createPageCache({ ttlMs: HOUR, entries: 3 });
    for (const name of ['a', 'b', 'c']) cache.set(pageKey('http://x', `/@ns/${name}`), 1, 'b1', page(name));
    // a read makes /@ns/a the most recent: /@ns/b is the one to go
    expect(cache.get(pageKey('http://x', '/@ns/a'), 1, 'b1')).toEqual(page('a'));
    cache.set(pageKey('http://x', '/@ns/d'), 1, 'b1', page('d'));
    expect(cache.size).toBe(3);
    expect(cache.get(pageKey('http://x', '/@ns/b'), 1, 'b1')).toBeUndefined();
    for (const name of ['a', 'c', 'd'])
      expect(cache.get(pageKey('http://x', `/@ns/${name}`), 1, 'b1')).toEqual(page(name));
  });

  test('holds at most its number of characters, whatever the pages', () => {
    const big = 'x'.repeat(400);
    const cache = createPageCache({ ttlMs: HOUR, chars: 2000 });
    for (let i = 0; i < 20; i++) cache.set(`/@ns/p${i}`, 1, 'b1', page(big));
    expect(cache.chars).toBeLessThanOrEqual(2000);
    expect(cache.size).toBe(2);
    // a page larger than the whole bound is not kept at all
    cache.set('/@ns/huge', 1, 'b1', page('y'.repeat(5000)));
    expect(cache.get('/@ns/huge', 1, 'b1')).toBeUndefined();
    expect(cache.chars).toBeLessThanOrEqual(2000);
  });

  test('the default bounds: a thousand pages, 8 MiB of characters', () => {
    expect(PAGE_CACHE_BOUNDS).toEqual({ entries: 1000, chars: 8 * 1024 * 1024 });
    const cache = createPageCache({ ttlMs: HOUR });
    for (let i = 0; i < 1500; i++) cache.set(`/@ns/p${i}`, 1, 'b1', page(String(i)));
    expect(cache.size).toBe(1000);
  });

  test('serves a page only for the revision and the build it was kept for', () => {
    const lookups: boolean[] = [];
    const cache = createPageCache({ ttlMs: HOUR, onLookup: (hit) => lookups.push(hit) });
    cache.set('/@ns/a', 4, 'b1', page('a'));
    expect(cache.get('/@ns/a', 4, 'b1')).toEqual(page('a'));
    expect(cache.get('/@ns/a', 5, 'b1')).toBeUndefined();
    expect(cache.get('/@ns/a', 4, 'b2')).toBeUndefined();
    expect(lookups).toEqual([true, false, false]);
  });

  test('a page of another origin or URL is another page', () => {
    expect(pageKey('http://a', '/@ns/x')).not.toBe(pageKey('http://b', '/@ns/x'));
    expect(pageKey('http://a', '/@ns/x')).not.toBe(pageKey('http://a', '/@ns/x/v/1.0.0'));
  });
});
