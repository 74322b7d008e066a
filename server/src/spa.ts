// Serves the built SPA: static assets, and index.html to browsers for any non-API path
// (the SPA shows its own not-found page). Other clients fall through to the JSON 404.
// Everything it serves carries the website's security headers (middleware/security-headers.ts).
// The build's scripts and stylesheet are sent as the build compressed them (spa/static-files.ts:
// the gzip twin to a client that takes gzip, the file itself to any other); the HTML and any file
// without a twin are compressed as they are sent (gzip or deflate; the bundles shrink to a third).
// A package page's URL gets index.html with its data and its route's preloads (spa/page-data.ts,
// spa/page-shell.ts): the head is sent at once, so the browser fetches the scripts while the
// server reads the data, and the rest once the procedures have answered (docs/performance.md,
// "The package page's first paint"), with the page drawn into `#root` by the SPA's own components
// (spa/page-render.ts; docs/performance.md, "The package page rendered by the server"), kept per
// package revision (spa/package-page.ts; docs/performance.md, "The package page, second pass:
// files sent as built").
import path from 'node:path';
import compression from 'compression';
import { Router } from 'express';
import type { AppDeps } from './deps.js';
import { securityHeaders } from './middleware/security-headers.js';
import { wantsHtml } from './rest/negotiate.js';
import { whenRebuilt } from './spa/build-check.js';
import { packagePages } from './spa/package-page.js';
import { packagePageOf } from './spa/page-data.js';
import { pageShells } from './spa/page-shell.js';
import { builtFiles, sentAsBuilt } from './spa/static-files.js';

/** Paths owned by the APIs: they answer JSON only, never the SPA. */
const API_PREFIX = /^\/(trpc|v1|packages|namespaces|auth|publish|artifacts|mcp|health)(\/|$)/;

export function spaRoutes(deps: AppDeps): Router {
  const webDir = deps.config.PKG_WEB_DIR;
  const r = Router();
  const index = path.join(webDir, 'index.html');
  const built = whenRebuilt(index, (mtimeMs) => mtimeMs !== undefined);
  const shells = pageShells(webDir);
  const sendPackagePage = packagePages(deps, webDir);
  const files = builtFiles(webDir);
  r.use((req, res, next) => (API_PREFIX.test(req.path) ? next() : securityHeaders(req, res, next)));
  // a file the build compressed is sent as it is, encoded or not (spa/static-files.ts)
  const compress = compression({ filter: (req, res) => !sentAsBuilt(res) && compression.filter(req, res) });
  r.use((req, res, next) => (API_PREFIX.test(req.path) ? next() : compress(req, res, next)));
  r.use('/assets', files.assets);
  r.use(files.others);
  r.get('/{*path}', (req, res, next) => {
    if (API_PREFIX.test(req.path) || !wantsHtml(req) || !built()) return next();
    res.setHeader('cache-control', 'no-cache');
    const page = req.method === 'GET' ? packagePageOf(req.path) : undefined;
    const pageShell = page && shells()?.[page.version === undefined ? 'latest' : 'version'];
    if (!page || !pageShell) return res.sendFile(index);
    return sendPackagePage(req, res, page, pageShell);
  });
  return r;
}
