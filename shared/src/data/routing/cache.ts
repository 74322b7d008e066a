// The result cache: in memory, per process, at most 500 entries in
// an LRU (lru-cache), LIVE results only with their original provenance. A hit answers CACHED
// with `fresh: false` and the `cache` member; an entry past its TTL is dropped, never served.
import { LRUCache } from 'lru-cache';
import type { CachedResult, LiveResult } from '../../contract/result-schema.js';
import type { Clock } from './clock.js';

export const CACHE_MAX_ENTRIES = 500;

interface Entry {
  result: LiveResult;
  cachedAt: number;
  ttlMs: number;
  expiresAt: number;
}

export interface ResultCache {
  get: (key: string) => CachedResult | undefined;
  set: (key: string, result: LiveResult, ttlMs: number) => void;
  delete: (key: string) => void;
  readonly size: number;
}

export function createResultCache(options: { clock: Clock; max?: number }): ResultCache {
  const { clock } = options;
  const lru = new LRUCache<string, Entry>({ max: options.max ?? CACHE_MAX_ENTRIES });
  return {
    get(key) {
      const entry = lru.get(key);
      if (!entry) return undefined;
      const now = clock.now();
      if (now >= entry.expiresAt) {
        lru.delete(key);
        return undefined;
      }
      const { provenance } = entry.result;
      return {
        status: 'CACHED',
        data: entry.result.data,
        provenance: {
          ...provenance,
          fresh: false,
          cache: {
            key,
            cachedAt: new Date(entry.cachedAt).toISOString(),
            ageMs: now - entry.cachedAt,
            ttlMs: entry.ttlMs,
            expiresAt: new Date(entry.expiresAt).toISOString(),
          },
        },
      };
    },
    set(key, result, ttlMs) {
      const cachedAt = clock.now();
      lru.set(key, { result, cachedAt, ttlMs, expiresAt: cachedAt + ttlMs });
    },
    delete(key) {
      lru.delete(key);
    },
    get size() {
      return lru.size;
    },
  };
}
