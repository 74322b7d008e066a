// Retry policies: the explorer is retried once on time-outs, network errors and 5xx (Limits
// table, "explorer retries: one retry"); every other chain provider is tried once.
import { findProviderError } from '../errors/data-errors.js';

export interface RetryPolicy {
  retries: number;
  shouldRetry: (error: unknown) => boolean;
}

export const NO_RETRY: RetryPolicy = { retries: 0, shouldRetry: () => false };

export const RETRY_TRANSIENT_ONCE: RetryPolicy = {
  retries: 1,
  shouldRetry: (error) => findProviderError(error)?.transient === true,
};

export async function withRetry<T>(attempt: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= policy.retries || !policy.shouldRetry(error)) throw error;
    }
  }
}
