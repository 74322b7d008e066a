// CORS for the anonymous read routes only: `Access-Control-Allow-Origin: *` and OPTIONS
// preflights. Authenticated routes never get CORS headers (credentials are never accepted
// cross-origin).
import cors from 'cors';
import type { RequestHandler, Router } from 'express';
import type { RouteParameters } from 'express-serve-static-core';

const EXPOSED_HEADERS = [
  'x-pkg-integrity',
  'x-request-id',
  'content-disposition',
  'content-length',
  'etag',
  'retry-after',
];

export const anonymousCors = cors({
  origin: '*',
  methods: ['GET', 'OPTIONS'],
  allowedHeaders: ['content-type', 'if-none-match', 'x-request-id'],
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: 86_400,
});

/** What anonymousCors sends on a GET (not a preflight): the hot-read path sends the same. */
export const ANONYMOUS_GET_CORS_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED_HEADERS.join(',')],
];

/** Route a GET that anyone may read from any origin, with its preflight. */
export function anonymousGet<Path extends string>(
  router: Router,
  path: Path,
  handler: RequestHandler<RouteParameters<Path>>,
): void {
  router.options(path, anonymousCors);
  router.get(path, anonymousCors, handler);
}
