// What every vendor's GET helper reads the same way from an answer: the body as JSON (or
// undefined when it is not JSON: an HTML error page, a plain-text rate-limit notice), and a rate
// limit with the vendor's `Retry-After`, when it sent one, for the retry policy.
import { RateLimitedError, type ProviderErrorOptions } from '../errors/data-errors.js';
import type { GuardedResponse } from '../net/guarded-fetch.js';
import { parseRetryAfter } from '../routing/retry-policy.js';

/** The body parsed as JSON; undefined when it is not JSON (JSON itself never parses to undefined). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A RateLimitedError carrying the answer's `Retry-After` (in milliseconds) when there is one. */
export function rateLimitedError(
  message: string,
  response: Pick<GuardedResponse, 'headers'>,
  options: ProviderErrorOptions,
): RateLimitedError {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return new RateLimitedError(message, {
    ...options,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}
