// The SPA's built files as the build wrote them (docs/performance.md, "The package page, second
// pass: files sent as built"): `npm run build -w @pkg/web` writes a gzip twin (`x.js.gz`) beside
// each script, stylesheet and other text file (web/vite.config.ts), and a `.br` twin is taken too
// when a build has one. A client whose Accept-Encoding takes a twin's encoding gets that file as it
// is: `Content-Encoding`, `Vary: Accept-Encoding`, the original's `Content-Type`, serve-static's
// ETag (of the bytes sent, so each encoding has its own) and ranges over those bytes. Any other
// client gets the file itself, and nothing of it is compressed as it is sent (`sentAsBuilt`, which
// the compression middleware of spa.ts checks); a file without a twin is compressed as it is sent,
// as before. express-static-gzip finds the twins by reading the build's directory, again when
// index.html changes (a new build, spa/build-check.ts).
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import expressStaticGzip, { type ExpressStaticGzipOptions } from 'express-static-gzip';
import { whenRebuilt } from './build-check.js';

type StaticOptions = ExpressStaticGzipOptions['serveStatic'];
/** Hashed assets never change under their name: cached for a year, immutable. */
const ASSETS: StaticOptions = { immutable: true, maxAge: '1y', index: false, fallthrough: true };
/** Other files of the build (index.html read by the SPA's route aside): revalidated. */
const OTHERS: StaticOptions = { index: false, fallthrough: true };

/** Brotli first when a build has it and the client takes it, else gzip. */
const encodings = (serveStatic: StaticOptions): ExpressStaticGzipOptions => ({
  enableBrotli: true,
  orderPreference: ['br', 'gzip'],
  index: false,
  serveStatic,
});

interface Handlers {
  assets: RequestHandler;
  others: RequestHandler;
}

/** The handlers of `/assets/*` and of the build's other files, made again for each build. */
export function builtFiles(webDir: string): Handlers {
  const current = whenRebuilt(path.join(webDir, 'index.html'), (): Handlers => ({
    assets: expressStaticGzip(path.join(webDir, 'assets'), encodings(ASSETS)),
    others: expressStaticGzip(webDir, encodings(OTHERS)),
  }));
  return {
    assets: (req, res, next) =>
      decodable(req.path) ? current().assets(req, res, next) : next(badEncoding()),
    others: (req, res, next) =>
      decodable(req.path) ? current().others(req, res, next) : next(badEncoding()),
  };
}

/** Whether a path is valid percent-encoding (express-static-gzip answers a plain-text 400 if not). */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The error serve-static passes on for a path that is not valid percent-encoding: a 400 the API's error body describes. */
function badEncoding(): URIError & { status: number } {
  return Object.assign(new URIError('URI malformed'), { status: 400 });
}

/**
 * Whether the response is a file the build compressed (express-static-gzip varies exactly those
 * on Accept-Encoding, before any other middleware would): sent as it is, encoded or not.
 */
export function sentAsBuilt(res: Response): boolean {
  const vary = res.getHeader('vary');
  return typeof vary === 'string' && /\baccept-encoding\b/i.test(vary);
}
