// What the shared limiter answers and offers (infra/limiter.ts), apart from how it counts, so that
// the middleware that reads a decision knows nothing of the store the limiter counts in.

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
  limit: number;
  remaining: number;
}

export interface Limiter {
  /** Count one hit of `key` against `limit` per `windowMs`. A limit of 0 disables the check. */
  hit(key: string, limit: number, windowMs: number): LimitDecision;
  /** Seconds the client remains blocked after repeated authentication failures, or 0. */
  blockedFor(client: string): Promise<number>;
  /** Record a failed authentication; blocks the client once the threshold is reached. */
  recordAuthFailure(client: string): Promise<void>;
  /** Write pending counts now (tests and shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}
