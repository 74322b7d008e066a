// Download counts and the registry's overview (docs/registry-api.md, "Download counts" and "The
// overview"), thin
// adapters over their procedures; the query and path go to the procedure's input schema:
//   GET /packages/:namespace/:name/downloads?period=last-week|last-90-days → packages.downloads
//   GET /overview                                                        → packages.overview
// Mounted before rest/packages.ts, whose /packages/:namespace/:name/:version would take
// `downloads` for a version.
import type { DownloadPeriod } from '@pkg/shared';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import { anonymousGet } from './cors.js';

export function downloadCountRoutes(deps: AppDeps): Router {
  const r = Router();
  anonymousGet(r, '/packages/:namespace/:name/downloads', async (req, res) => {
    const { period } = req.query as { period?: DownloadPeriod };
    res.json(await callerFor(req, deps).packages.downloads({ ...req.params, period }));
  });
  anonymousGet(r, '/overview', async (req, res) => {
    res.json(await callerFor(req, deps).packages.overview());
  });
  return r;
}
