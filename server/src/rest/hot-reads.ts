// The hot-read path: the two hottest anonymous reads, GET /packages/:namespace/:name and
// GET /packages/:namespace/:name/:version, answered in front of the Express app.
//   request → plain path, valid names? → rate limit (counted once) → the ready-made answer of
//           cache/package-responses.ts (cached per package revision, built on a miss)
//           → 200 (or 304 to a matching If-None-Match)
//   anything else, or any error → the Express app, unchanged
// It answers with what the Express routes (rest/packages.ts) answer, from the same service: the
// same bytes, ETag and headers (a test compares both paths). Errors (unknown package, storage
// down), refused rate limits, HEAD, encoded or odd paths all go to Express, which owns every
// status other than 200 and 304. This listener runs outside Express and outside any handler,
// where a throw or an unhandled rejection would end the process: the answer is built in an
// async function, so every failure is a rejection that hands the request to Express (with the
// store down, its error handler answers 503 STORAGE_UNAVAILABLE). Like the routes, it reads the
// package's stored revision on every request, so nothing is served stale after a publish in any
// server process answered.
// Express's per-request work is most of what a cached read costs; skipping it is what puts
// these reads several times faster (see the registry bench).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { packageRefSchema, versionSelectorRefSchema, type PackageRef, type VersionRef } from '@pkg/shared';
import type { Express } from 'express';
import fresh from 'fresh';
import proxyaddr from 'proxy-addr';
import { baseUrlOf } from '../context.js';
import type { AppDeps } from '../deps.js';
import { assignRequestId, type RequestLogFields } from '../middleware/request-id.js';
import { publicRateDecision } from '../middleware/rate-limit.js';
import {
  packageDocument,
  versionDocument,
  type JsonResponse,
} from '../services/registry/package-documents.js';
import { ANONYMOUS_GET_CORS_HEADERS } from './cors.js';

/** /packages/<ns>/<name>[/<version or latest>] spelled plainly: no encoding, no trailing slash. */
const HOT_PATH = /^\/packages\/([a-z0-9-]+)\/([a-z0-9._-]+)(?:\/([0-9A-Za-z.-]+))?$/;

type Trust = (address: string, hop: number) => boolean;

/** Which of the two reads a path asks for, when it is one of them and its names are valid. */
type HotRead = { kind: 'package'; ref: PackageRef } | { kind: 'version'; ref: VersionRef };

function hotRead(path: string): HotRead | undefined {
  const match = HOT_PATH.exec(path);
  if (!match) return undefined;
  const [, namespace, name, version] = match;
  if (version === undefined) {
    const ref = packageRefSchema.safeParse({ namespace, name });
    return ref.success ? { kind: 'package', ref: ref.data } : undefined;
  }
  const ref = versionSelectorRefSchema.safeParse({ namespace, name, version });
  return ref.success ? { kind: 'version', ref: ref.data } : undefined;
}

/** Paths whose reading is remembered (the cache is emptied when full). */
const PARSED_PATHS = 1024;

/**
 * `hotRead` with the reads of the last paths kept (frozen): a path read again is neither matched
 * nor validated again. Only valid reads are kept, so the names bound the size of each key.
 */
function hotReadParser(): (path: string) => HotRead | undefined {
  const parsed = new Map<string, HotRead>();
  return (path) => {
    const known = parsed.get(path);
    if (known) return known;
    const read = hotRead(path);
    if (!read) return undefined;
    if (parsed.size >= PARSED_PATHS) parsed.clear();
    Object.freeze(Object.freeze(read).ref);
    parsed.set(path, read);
    return read;
  };
}

/**
 * Express's req.protocol (TLS socket, or X-Forwarded-Proto from a trusted proxy), for a request
 * Express has not seen: its getter needs Express's request prototype. A test compares both.
 */
function protocolOf(req: IncomingMessage, trust: Trust): string {
  const own = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header) || own;
  return (value.split(',')[0] ?? own).trim();
}

/** The patterns of the Express routes these reads answer for (rest/packages.ts): the metrics' route label. */
const PATTERN = {
  package: '/packages/:namespace/:name',
  version: '/packages/:namespace/:name/:version',
} as const;

/** The CORS headers of an anonymous GET, flattened once into name, value pairs for writeHead. */
const CORS_HEAD: readonly string[] = ANONYMOUS_GET_CORS_HEADERS.flat();

/**
 * The answer's headers as one flat list, in the order the headers were set one by one before
 * (x-request-id first, unless it is already set, then CORS, ETag, and the body's type and
 * length): writeHead takes them at once, with no header object built per response.
 */
function headOf(id: string | undefined, etag: string, body?: string): string[] {
  const head = id === undefined ? [] : ['x-request-id', id];
  for (const part of CORS_HEAD) head.push(part);
  head.push('etag', etag);
  if (body !== undefined)
    head.push(
      'Content-Type',
      'application/json; charset=utf-8',
      'Content-Length',
      String(Buffer.byteLength(body, 'utf8')),
    );
  return head;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  answer: JsonResponse,
  log: RequestLogFields,
  kind: HotRead['kind'],
): void {
  log.hot = true;
  req.routePattern = PATTERN[kind];
  // with the rate limit on, the id was set before its headers, as on the Express path
  const id = res.hasHeader('x-request-id') ? undefined : req.id;
  if (fresh(req.headers, { etag: answer.etag })) {
    res.writeHead(304, headOf(id, answer.etag));
    res.end();
    return;
  }
  res.writeHead(200, headOf(id, answer.etag, answer.body));
  res.end(answer.body);
}

/**
 * The read's answer; a synchronous throw (a base URL that cannot be worked out) is a rejection
 * too. Not an async function: the service's promise is handed on, not wrapped in another.
 */
function answerOf(hot: HotRead, req: IncomingMessage, deps: AppDeps, trust: Trust): Promise<JsonResponse> {
  try {
    if (hot.kind === 'package') return packageDocument(deps.registry, hot.ref);
    const baseUrl = baseUrlOf(deps, protocolOf(req, trust), req.headers.host);
    return versionDocument(deps.registry, hot.ref, baseUrl);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The server's request listener: the hot-read path, then `app` for everything else. */
export function withHotReads(app: Express, deps: AppDeps): RequestListener {
  const trust = app.get('trust proxy fn') as Trust;
  const limited = deps.config.PKG_RATE_LIMIT_PUBLIC !== 0;
  const readOf = hotReadParser();
  return (req, res) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const hot = req.method === 'GET' ? readOf(path) : undefined;
    if (!hot) return void app(req, res);
    const log: RequestLogFields = {};
    // The x-request-id header goes with the others in one writeHead (send); with the rate limit
    // on, it is set first, before the limit's headers, as the Express path sets them.
    assignRequestId(deps.logger, req, res, path, log, limited);
    const toExpress = (): void => {
      if (!res.hasHeader('x-request-id') && req.id) res.setHeader('x-request-id', req.id);
      app(req, res);
    };
    // the client's address is worked out only when the limit is on
    const decision = limited ? publicRateDecision(deps, req, res, proxyaddr(req, trust)) : null;
    if (decision && !decision.allowed) return toExpress();
    answerOf(hot, req, deps, trust)
      .then((found) => send(req, res, found, log, hot.kind), toExpress)
      .catch((error: unknown) => {
        (req.log ?? deps.logger).error({ err: error }, 'hot read failed');
        res.destroy();
      });
  };
}
