// Client-side request budgets (docs/data-layer.md, "Market data": the DEX pair provider 300 requests
// a minute, the pool provider 10): one budget per provider, shared by every client of the
// process, counted by rate-limiter-flexible in fixed one-minute windows. A request over the
// budget waits for the next window when that comes before its time-out; otherwise it is
// RATE_LIMITED at once and nothing is sent.
import { setTimeout as delay } from 'node:timers/promises';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../errors/data-errors.js';

export interface Throttle {
  readonly perWindow: number;
  /**
   * Resolves, with the milliseconds it waited, when the request may go, or throws
   * RateLimitedError when the wait would pass `timeoutMs`.
   */
  admit: (timeoutMs: number) => Promise<number>;
}

export function createThrottle(provider: string, perWindow: number, windowMs = 60_000): Throttle {
  const limiter = new RateLimiterMemory({ points: perWindow, duration: windowMs / 1000 });
  const per = windowMs === 60_000 ? 'a minute' : `per ${windowMs / 1000} s`;
  return {
    perWindow,
    async admit(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let waited = 0;
      for (;;) {
        try {
          await limiter.consume(provider);
          return waited;
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          const wait = Math.max(rejection.msBeforeNext, 1);
          if (Date.now() + wait > deadline) {
            throw new RateLimitedError(
              `client-side limit of ${perWindow} requests ${per} reached; the next slot opens in ${Math.ceil(wait / 1000)} s, after the ${timeoutMs / 1000} s time-out, so nothing was sent`,
              { provider },
            );
          }
          await delay(wait);
          waited += wait;
        }
      }
    },
  };
}

/** The process-wide budgets, one per provider: `perWindow` requests a window (default a minute). */
export type ThrottleRegistry = (provider: string, perWindow: number, windowMs?: number) => Throttle;

export function createThrottleRegistry(): ThrottleRegistry {
  const throttles = new Map<string, Throttle & { windowMs: number }>();
  return (provider, perWindow, windowMs = 60_000) => {
    let throttle = throttles.get(provider);
    if (!throttle || throttle.perWindow !== perWindow || throttle.windowMs !== windowMs) {
      throttle = { ...createThrottle(provider, perWindow, windowMs), windowMs };
      throttles.set(provider, throttle);
    }
    return throttle;
  };
}

export const processThrottles: ThrottleRegistry = createThrottleRegistry();
