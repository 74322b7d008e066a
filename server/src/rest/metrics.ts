// GET /metrics: the app's metrics in Prometheus's text format (docs/operator.md, "Metrics").
//   server listening on loopback (HOST 127.0.0.1, ::1, localhost) → open
//   any other address, PKG_METRICS_TOKEN unset                    → 404, as for a path no route takes
//   any other address, PKG_METRICS_TOKEN set → `Authorization: Bearer <token>` (compared in
//                                              constant time) → 200, else 401
// Matched before the rate limits and the body parsers: a scrape reads nothing from the store.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { RegistryError } from '@pkg/shared';
import { Router, type Request } from 'express';
import type { AppDeps } from '../deps.js';
import { UNMATCHED_ROUTE } from '../middleware/request-metrics.js';

export const METRICS_PATH = '/metrics';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** Whether a listening address (HOST) is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Bearer <token>`, compared in constant time. */
function hasBearer(req: Request, token: string): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(token));
}

export function metricsRoutes(deps: AppDeps): Router {
  const r = Router();
  const open = isLoopbackHost(deps.config.HOST);
  const token = deps.config.PKG_METRICS_TOKEN;
  r.get(METRICS_PATH, async (req, res) => {
    if (!open && token === undefined) {
      req.routePattern = UNMATCHED_ROUTE;
      throw new RegistryError('NOT_FOUND', `No route for ${req.method} ${req.path}.`);
    }
    if (!open && token !== undefined && !hasBearer(req, token)) {
      res.setHeader('www-authenticate', 'Bearer realm="metrics"');
      throw new RegistryError(
        'UNAUTHENTICATED',
        'GET /metrics on this address needs the metrics token: Authorization: Bearer <PKG_METRICS_TOKEN>.',
      );
    }
    const text = await deps.metrics.scrape();
    res.setHeader('content-type', deps.metrics.contentType);
    res.setHeader('cache-control', 'no-store');
    res.send(text);
  });
  return r;
}
