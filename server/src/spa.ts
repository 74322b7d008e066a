// Serves the built SPA: static assets, and index.html to browsers for any non-API path
// (the SPA shows its own not-found page). Other clients fall through to the JSON 404.
// Everything it serves carries the website's security headers (middleware/security-headers.ts),
// and is compressed for clients that accept it (gzip or deflate; the bundles shrink to a third).
import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { Router } from 'express';
import { securityHeaders } from './middleware/security-headers.js';
import { wantsHtml } from './rest/negotiate.js';

/** Paths owned by the APIs: they answer JSON only, never the SPA. */
const API_PREFIX = /^\/(trpc|v1|packages|namespaces|auth|publish|artifacts|mcp|health)(\/|$)/;

export function spaRoutes(webDir: string): Router {
  const r = Router();
  const index = path.join(webDir, 'index.html');
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
    res.sendFile(index);
  });
  return r;
}
