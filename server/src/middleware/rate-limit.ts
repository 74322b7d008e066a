// The per-client request limit on public routes (spec README: 600 a minute by default),
// counted in MongoDB through the shared limiter. 429 RATE_LIMITED with Retry-After.
import { RegistryError } from '@pkg/shared';
import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../deps.js';

export function publicRateLimit(deps: AppDeps) {
  if (deps.config.PKG_RATE_LIMIT_PUBLIC === 0)
    return (_req: Request, _res: Response, next: NextFunction): void => next();
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path === '/health') return next();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const decision = deps.limiter.hit(`public:${client}`, deps.config.PKG_RATE_LIMIT_PUBLIC, 60_000);
    if (decision.limit > 0) {
      res.setHeader('ratelimit-limit', String(decision.limit));
      res.setHeader('ratelimit-remaining', String(decision.remaining));
    }
    if (!decision.allowed) {
      throw new RegistryError('RATE_LIMITED', `Too many requests; try again in ${decision.retryAfter} s.`, {
        retryAfter: decision.retryAfter,
      });
    }
    next();
  };
}
