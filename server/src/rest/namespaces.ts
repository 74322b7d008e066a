// Namespaces (docs/registry-api.md): the anonymous read, and the owner's maintainer changes (managing
// token; no CORS headers on those).
//   GET    /namespaces/:namespace                    → namespaces.get
//   PUT    /namespaces/:namespace/maintainers/:user  → namespaces.addMaintainer
//   DELETE /namespaces/:namespace/maintainers/:user  → namespaces.removeMaintainer
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import { anonymousGet } from './cors.js';

export function namespaceRoutes(deps: AppDeps): Router {
  const r = Router();
  anonymousGet(r, '/namespaces/:namespace', async (req, res) => {
    res.json(await callerFor(req, deps).namespaces.get(req.params));
  });
  r.put('/namespaces/:namespace/maintainers/:user', async (req, res) => {
    res.json(await callerFor(req, deps).namespaces.addMaintainer(req.params));
  });
  r.delete('/namespaces/:namespace/maintainers/:user', async (req, res) => {
    res.json(await callerFor(req, deps).namespaces.removeMaintainer(req.params));
  });
  return r;
}
