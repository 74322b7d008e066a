// The `/v1` answer cache (docs/public-api.md, "Caching"): one entry per endpoint and parameters,
// kept for the answer's TTL, with single flight: any number of concurrent requests for the same
// answer wait on one build, i.e. one round of upstream calls (lru-cache's fetchMethod coalesces
// them). An answer with a failed panel is shared with the requests already waiting for it but
// never kept: failures are not cached as data. The REST adapters send the value with Express,
// which adds the ETag and answers 304 to a matching If-None-Match.
import { LRUCache } from 'lru-cache';

export interface V1Answer {
  value: unknown;
  /** When the answer was built (ms since the epoch). */
  builtAt: number;
  /** How long it is kept, and what the edge headers derive from. */
  ttlMs: number;
  /** False when a panel failed: sent, not kept. */
  kept: boolean;
}

export interface V1Build {
  value: unknown;
  ttlMs: number;
  /** False when a panel failed: the answer is sent but not kept. */
  keep: boolean;
}

interface Context {
  build: () => Promise<V1Build>;
  now: () => number;
}

export interface V1AnswerCache {
  answer: (key: string, build: () => Promise<V1Build>) => Promise<V1Answer>;
  clear: () => void;
}

export function createV1AnswerCache(
  options: {
    max?: number;
    now?: () => number;
    /** Told of each lookup: a hit is an answer kept or being built for another request. */
    onLookup?: (hit: boolean) => void;
  } = {},
): V1AnswerCache {
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, V1Answer, Context>({
    max: options.max ?? 1000,
    ttl: 1000,
    ttlAutopurge: false,
    ttlResolution: 0,
    perf: { now },
    fetchMethod: async (_key, _stale, { context, options: fetchOptions }) => {
      const built = await context.build();
      fetchOptions.ttl = built.ttlMs;
      return { value: built.value, builtAt: context.now(), ttlMs: built.ttlMs, kept: built.keep };
    },
  });
  return {
    async answer(key, build) {
      const status: LRUCache.Status<string, V1Answer, Context> = {};
      const answer = await cache.fetch(key, { context: { build, now }, status });
      options.onLookup?.(status.fetch === 'hit' || status.fetch === 'inflight');
      if (!answer) throw new Error(`no answer for ${key}`);
      // A failed panel: the requests that waited for this build share it; it is not kept.
      if (!answer.kept && cache.peek(key) === answer) cache.delete(key);
      return answer;
    },
    clear: () => cache.clear(),
  };
}

/**
 * True when a section anywhere in the answer failed (status ERROR): such an answer is sent to the
 * requests that waited for it, with a short private lifetime, and never kept as data.
 */
export function hasFailedSection(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 8) return false;
  if (Array.isArray(value)) return value.some((v) => hasFailedSection(v, depth + 1));
  const status = (value as { status?: unknown }).status;
  if (status === 'ERROR') return true;
  return Object.values(value).some((v) => hasFailedSection(v, depth + 1));
}
