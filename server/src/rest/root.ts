// The root routes: the service description and liveness.
// GET /       → health.info  (JSON to API clients; browsers get the SPA, see spa.ts)
// GET /health → health.get   (liveness: never touches the database)
// GET /ready  → health.ready (readiness: 200 when ready, else 503 with the reason; no query either)
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import { anonymousCors } from './cors.js';
import { wantsHtml } from './negotiate.js';

export function rootRoutes(deps: AppDeps): Router {
  const r = Router();
  r.options(['/', '/health', '/ready'], anonymousCors);
  r.get('/', anonymousCors, async (req, res, next) => {
    if (wantsHtml(req)) return next();
    res.json(await callerFor(req, deps).health.info());
  });
  r.get('/health', anonymousCors, async (req, res) => {
    res.json(await callerFor(req, deps).health.get());
  });
  r.get('/ready', anonymousCors, async (req, res) => {
    const readiness = await callerFor(req, deps).health.ready();
    res
      .status(readiness.status === 'ready' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(readiness);
  });
  return r;
}
