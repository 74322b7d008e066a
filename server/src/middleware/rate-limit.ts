// The per-client request limit on public routes (600 a minute by default, docs/registry-api.md, Limits),
// counted in MongoDB through the shared limiter. 429 RATE_LIMITED with Retry-After.
// A request is counted once, whichever path decides first: the hot-read path
// (rest/hot-reads.ts) or this middleware, which reuses the hot path's decision.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RegistryError } from '@pkg/shared';
import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import type { LimitDecision } from '../infra/limit-types.js';

const decided = new WeakMap<IncomingMessage, LimitDecision>();

/**
 * Counts `req` against the public limit of `client` (once per request) and sets the
 * `ratelimit-*` headers; null when the limit is off.
 */
export function publicRateDecision(
  deps: AppDeps,
  req: IncomingMessage,
  res: ServerResponse,
  client: string,
): LimitDecision | null {
  if (deps.config.PKG_RATE_LIMIT_PUBLIC === 0) return null;
  let decision = decided.get(req);
  if (!decision) {
    decision = deps.limiter.hit(`public:${client}`, deps.config.PKG_RATE_LIMIT_PUBLIC, 60_000);
    decided.set(req, decision);
    res.setHeader('ratelimit-limit', String(decision.limit));
    res.setHeader('ratelimit-remaining', String(decision.remaining));
  }
  return decision;
}

/** Routes that never count: liveness and readiness; /metrics is mounted before this middleware. */
const PROBES: ReadonlySet<string> = new Set(['/health', '/ready']);

export function publicRateLimit(deps: AppDeps) {
  if (deps.config.PKG_RATE_LIMIT_PUBLIC === 0)
    return (_req: Request, _res: Response, next: NextFunction): void => next();
  return (req: Request, res: Response, next: NextFunction): void => {
    // The probes of an orchestrator or load balancer (docs/operator.md, "Readiness and liveness").
    if (PROBES.has(req.path)) return next();
    const decision = publicRateDecision(deps, req, res, req.ip ?? req.socket.remoteAddress ?? 'unknown');
    if (decision && !decision.allowed) {
      throw new RegistryError('RATE_LIMITED', `Too many requests; try again in ${decision.retryAfter} s.`, {
        retryAfter: decision.retryAfter,
      });
    }
    next();
  };
}
