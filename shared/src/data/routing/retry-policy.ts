// Retry policies: the explorer is retried once on time-outs, network errors and 5xx (Limits
// table, "explorer retries: one retry"); a provider with a strict per-key limit honours a short
// `Retry-After` once; every other provider is tried once.
import { setTimeout as delay } from 'node:timers/promises';
import { findProviderError } from '../errors/data-errors.js';

export interface RetryPolicy {
  retries: number;
  shouldRetry: (error: unknown) => boolean;
  /** How long to wait before the retry (default: none). */
  delayMs?: (error: unknown) => number;
}

export const NO_RETRY: RetryPolicy = { retries: 0, shouldRetry: () => false };

export const RETRY_TRANSIENT_ONCE: RetryPolicy = {
  retries: 1,
  shouldRetry: (error) => findProviderError(error)?.transient === true,
};

/** One retry after a 429 whose `Retry-After` is at most `maxMs`, after waiting that long. */
export function retryAfterOnce(maxMs: number): RetryPolicy {
  const after = (error: unknown) => findProviderError(error)?.retryAfterMs;
  return {
    retries: 1,
    shouldRetry: (error) => {
      const ms = after(error);
      return findProviderError(error)?.kind === 'rate_limited' && ms !== undefined && ms <= maxMs;
    },
    delayMs: (error) => after(error) ?? 0,
  };
}

/** One retry when any of the policies would retry, after the delay of the first that would. */
export function anyOnce(...policies: RetryPolicy[]): RetryPolicy {
  const first = (error: unknown) => policies.find((p) => p.shouldRetry(error));
  return {
    retries: 1,
    shouldRetry: (error) => first(error) !== undefined,
    delayMs: (error) => first(error)?.delayMs?.(error) ?? 0,
  };
}

/**
 * AI providers (the error table of docs/data-layer.md): one retry for a 5xx, a time-out or a
 * network error, and one for a 429 whose `Retry-After` is at most 5 s.
 */
export const AI_RETRY: RetryPolicy = anyOnce(RETRY_TRANSIENT_ONCE, retryAfterOnce(5_000));

/** `Retry-After` in milliseconds: delta seconds, or an HTTP date (RFC 9110, section 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export async function withRetry<T>(attempt: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= policy.retries || !policy.shouldRetry(error)) throw error;
      const wait = policy.delayMs?.(error) ?? 0;
      if (wait > 0) await delay(wait);
    }
  }
}
