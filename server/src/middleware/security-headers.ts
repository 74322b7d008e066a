// The website's security headers (docs/website.md, "Pages", embedding), set by helmet on the SPA's
// HTML and assets: a strict Content-Security-Policy (no inline script or style, no other origin),
// X-Frame-Options DENY, nosniff and strict-origin-when-cross-origin. Paths under `/embed/` are the
// only ones another site may frame: `frame-ancestors *`, no X-Frame-Options, and a
// Cross-Origin-Resource-Policy that lets an embedder with COEP load them.
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The paths other sites may put in an `<iframe>`. */
export const EMBED_PATH = /^\/embed\//;

const directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

const common = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  xContentTypeOptions: true,
};

const pageHeaders = helmet({
  ...common,
  contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'frame-ancestors': ["'none'"] } },
  xFrameOptions: { action: 'deny' },
});

const embedHeaders = helmet({
  ...common,
  contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'frame-ancestors': ['*'] } },
  xFrameOptions: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/** Sets the page headers, or the embed headers on paths under `/embed/`. */
export const securityHeaders: RequestHandler = (req, res, next) =>
  EMBED_PATH.test(req.path) ? embedHeaders(req, res, next) : pageHeaders(req, res, next);
