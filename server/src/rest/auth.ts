// Token routes (docs/registry-api.md, Authenticated endpoints); no CORS headers here.
//   GET    /auth/whoami                       → auth.whoami
//   GET    /auth/tokens                       → tokens.list
//   POST   /auth/tokens   {label?, namespaces?, expiresInDays?} → tokens.create (201)
//   DELETE /auth/tokens/:id                   → tokens.revoke
// and trusted publishing (docs/publishing.md; anonymous: the ID token is the credential):
//   GET    /auth/oidc                         → oidc.config
//   POST   /auth/oidc/token {token, package}  → oidc.exchange (201)
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';

export function authRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get('/auth/whoami', async (req, res) => {
    res.json(await callerFor(req, deps).auth.whoami());
  });
  r.get('/auth/tokens', async (req, res) => {
    res.json(await callerFor(req, deps).tokens.list());
  });
  r.post('/auth/tokens', async (req, res) => {
    res.status(201).json(await callerFor(req, deps).tokens.create((req.body as unknown) ?? {}));
  });
  r.delete('/auth/tokens/:id', async (req, res) => {
    res.json(await callerFor(req, deps).tokens.revoke(req.params));
  });
  r.get('/auth/oidc', async (req, res) => {
    res.json(await callerFor(req, deps).oidc.config());
  });
  r.post('/auth/oidc/token', async (req, res) => {
    // The procedure's input schema checks the body.
    const body = (req.body ?? {}) as { token: string; package: string };
    res.status(201).json(await callerFor(req, deps).oidc.exchange(body));
  });
  return r;
}
