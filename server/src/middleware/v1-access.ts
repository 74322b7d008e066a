// Who may call `/v1` (docs/public-api.md, "Access"): browsers only from the website's origin
// (`PKG_SITE_ORIGIN`, default the server's own origin): another Origin gets no
// Access-Control-Allow-Origin, and its preflight no CORS headers; every answer says `Vary:
// Origin`. Clients without an Origin (curl, servers) are not CORS-restricted. Every client is
// limited to PKG_RATE_LIMIT_V1 requests a minute, counted through the shared limiter in
// MongoDB like the registry's limits: 429 RATE_LIMITED with Retry-After.
import { RegistryError } from '@pkg/shared';
import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { requestBaseUrl, siteOriginOf } from '../context.js';
import type { AppDeps } from '../deps.js';

/** The website origin `/v1` admits: PKG_SITE_ORIGIN, else this server's own origin. */
export function siteOrigin(deps: AppDeps, req: Request): string {
  return siteOriginOf(deps, requestBaseUrl(req, deps));
}

export function v1Cors(deps: AppDeps): RequestHandler {
  return cors((req, callback) => {
    const origin = req.headers.origin;
    const allowed = origin !== undefined && origin === siteOrigin(deps, req as Request);
    callback(null, {
      origin: allowed ? origin : false,
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: ['content-type', 'authorization', 'if-none-match'],
      exposedHeaders: ['etag', 'retry-after', 'x-request-id', 'ratelimit-limit', 'ratelimit-remaining'],
      maxAge: 600,
    });
  });
}

export function v1RateLimit(deps: AppDeps): RequestHandler {
  const limit = deps.config.PKG_RATE_LIMIT_V1;
  return (req: Request, res: Response, next: NextFunction): void => {
    res.vary('Origin');
    if (limit === 0 || req.method === 'OPTIONS') return next();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const decision = deps.limiter.hit(`v1:${client}`, limit, 60_000);
    res.setHeader('ratelimit-limit', String(decision.limit));
    res.setHeader('ratelimit-remaining', String(decision.remaining));
    if (!decision.allowed)
      throw new RegistryError(
        'RATE_LIMITED',
        `Too many requests to /v1; try again in ${decision.retryAfter} s.`,
        {
          retryAfter: decision.retryAfter,
        },
      );
    next();
  };
}
