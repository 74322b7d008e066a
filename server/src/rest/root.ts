// The root routes: the service description and liveness.
// GET /       → health.info  (JSON to API clients; browsers get the SPA, see spa.ts)
// GET /health → health.get   (never touches the database)
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import { anonymousCors } from './cors.js';
import { wantsHtml } from './negotiate.js';

export function rootRoutes(deps: AppDeps): Router {
  const r = Router();
  r.options(['/', '/health'], anonymousCors);
  r.get('/', anonymousCors, async (req, res, next) => {
    if (wantsHtml(req)) return next();
    res.json(await callerFor(req, deps).health.info());
  });
  r.get('/health', anonymousCors, async (req, res) => {
    res.json(await callerFor(req, deps).health.get());
  });
  return r;
}
