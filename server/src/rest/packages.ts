// Anonymous package reads (1-registry.md, Public endpoints). Each JSON route parses nothing
// itself: path and query go to the procedure's input schema through the caller.
//   GET /packages/search?q&limit          → packages.search
//   GET /packages/:namespace/:name         → packages.get
//   GET /packages/:namespace/:name/versions → packages.versions
//   GET /packages/:namespace/:name/:version → packages.version
//   GET /packages/:namespace/:name/:version/provenance → packages.provenance
//   GET /namespaces/:namespace             → namespaces.get
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import { anonymousGet } from './cors.js';

export function packageRoutes(deps: AppDeps): Router {
  const r = Router();
  anonymousGet(r, '/packages/search', async (req, res) => {
    const { q, limit } = req.query as Record<string, string | undefined>;
    res.json(await callerFor(req, deps).packages.search({ q, limit }));
  });
  anonymousGet(r, '/packages/:namespace/:name', async (req, res) => {
    res.json(await callerFor(req, deps).packages.get(req.params));
  });
  anonymousGet(r, '/packages/:namespace/:name/versions', async (req, res) => {
    res.json(await callerFor(req, deps).packages.versions(req.params));
  });
  anonymousGet(r, '/packages/:namespace/:name/:version', async (req, res) => {
    res.json(await callerFor(req, deps).packages.version(req.params));
  });
  anonymousGet(r, '/packages/:namespace/:name/:version/provenance', async (req, res) => {
    res.json(await callerFor(req, deps).packages.provenance(req.params));
  });
  anonymousGet(r, '/namespaces/:namespace', async (req, res) => {
    res.json(await callerFor(req, deps).namespaces.get(req.params));
  });
  return r;
}
