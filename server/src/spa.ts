// Serves the built SPA: static assets, and index.html to browsers for any non-API path
// (the SPA shows its own not-found page). Other clients fall through to the JSON 404.
// Everything it serves carries the website's security headers (middleware/security-headers.ts),
// and is compressed for clients that accept it (gzip or deflate; the bundles shrink to a third).
// A package page's URL gets index.html with its data and its route's preloads (spa/page-data.ts,
// spa/page-shell.ts): the head is sent at once, so the browser fetches the scripts while the
// server reads the data, and the rest once the procedures have answered (docs/performance.md,
// "The package page's first paint"), with the page drawn into `#root` by the SPA's own components
// (spa/page-render.ts; docs/performance.md, "The package page rendered by the server").
import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { Router, type Request, type Response } from 'express';
import type { AppDeps } from './deps.js';
import { securityHeaders } from './middleware/security-headers.js';
import { wantsHtml } from './rest/negotiate.js';
import {
  packagePageData,
  packagePageOf,
  pageDataText,
  type PackagePage,
  type PageDataEntry,
} from './spa/page-data.js';
import { pageRenders } from './spa/page-render.js';
import { pageShells, type PageShell } from './spa/page-shell.js';

type PageRenders = ReturnType<typeof pageRenders>;

/** Paths owned by the APIs: they answer JSON only, never the SPA. */
const API_PREFIX = /^\/(trpc|v1|packages|namespaces|auth|publish|artifacts|mcp|health)(\/|$)/;

/** The element the SPA reads the page's data from (web/src/lib/page-data.ts). */
const PAGE_DATA_ID = 'page-data';

/** The server's render of the page with its data, or '' (no render built, or one it cannot draw). */
async function renderedPage(req: Request, renders: PageRenders, entries: PageDataEntry[]): Promise<string> {
  try {
    const render = await renders();
    return (await render?.({ url: req.originalUrl, entries })) ?? '';
  } catch (err) {
    req.log.error({ err }, 'the package page could not be rendered');
    return '';
  }
}

/**
 * Sends `shell`'s head at once, then the page drawn by the server and its data (when the package
 * is known), and the tail.
 */
async function sendPackagePage(
  req: Request,
  res: Response,
  deps: AppDeps,
  page: PackagePage,
  shell: PageShell,
  renders: PageRenders,
): Promise<void> {
  res.type('html');
  res.write(shell.head);
  // compression buffers what it has: push the head out now
  (res as Response & { flush?: () => void }).flush?.();
  try {
    const entries = await packagePageData(req, deps, page);
    if (!entries) return void res.end(`${shell.body}${shell.tail}`);
    const markup = await renderedPage(req, renders, entries);
    const data = `<script type="application/json" id="${PAGE_DATA_ID}">${pageDataText(entries)}</script>`;
    res.end(`${markup}${shell.body}${data}${shell.tail}`);
  } catch (err) {
    req.log.error({ err }, 'the package page data could not be read');
    res.end(`${shell.body}${shell.tail}`);
  }
}

export function spaRoutes(deps: AppDeps): Router {
  const webDir = deps.config.PKG_WEB_DIR;
  const r = Router();
  const index = path.join(webDir, 'index.html');
  const shells = pageShells(webDir);
  const renders = pageRenders(webDir);
  r.use((req, res, next) => (API_PREFIX.test(req.path) ? next() : securityHeaders(req, res, next)));
  const compress = compression();
  r.use((req, res, next) => (API_PREFIX.test(req.path) ? next() : compress(req, res, next)));
  r.use(
    '/assets',
    express.static(path.join(webDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: true }),
  );
  r.use(express.static(webDir, { index: false, fallthrough: true }));
  r.get('/{*path}', (req, res, next) => {
    if (API_PREFIX.test(req.path) || !wantsHtml(req) || !existsSync(index)) return next();
    res.setHeader('cache-control', 'no-cache');
    const page = req.method === 'GET' ? packagePageOf(req.path) : undefined;
    if (!page) return res.sendFile(index);
    return sendPackagePage(
      req,
      res,
      deps,
      page,
      shells(page.version === undefined ? 'latest' : 'version'),
      renders,
    );
  });
  return r;
}
