// Gives every request an id (the caller's `x-request-id` when it is well formed, else a new
// UUID), echoes it in the response header and binds it to a per-request child logger that
// logs the request's completion. The hot-read path (rest/hot-reads.ts) assigns it before
// Express sees the request; the middleware then leaves it as it is, so a request has one id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';
import type {} from '../request-fields.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Extra members of the completion line, read when it is logged (`hot: true` for answers from the hot-read path). */
export type RequestLogFields = Record<string, unknown>;

const CHILD = Symbol('request logger');
const PARENT = Symbol('app logger');

/** A request with what its lazy `log` getter reads. */
interface Logged extends IncomingMessage {
  [CHILD]?: Logger;
  [PARENT]?: Logger;
}

/**
 * The getter of `req.log`, shared by every request: the child logger is made on first use, as
 * most requests never log. One getter for all, not a closure per request: an accessor defined
 * with a function of its own gives each request object a hidden class of its own, and V8 then
 * keeps every request's properties in dictionary mode, which slows every property read of Node's
 * HTTP code on it (docs/performance.md, "The package document, third pass: CPU per request").
 */
const LOG_PROPERTY: PropertyDescriptor = {
  get(this: Logged): Logger | undefined {
    return (this[CHILD] ??= this[PARENT]?.child({ requestId: this.id }));
  },
  configurable: true,
};

/**
 * Sets `req.id`, a lazy `req.log` and (unless `header` is false, for a caller that writes its
 * headers at once: rest/hot-reads.ts) the `x-request-id` header; with info-level logs, logs the
 * request line when the response finishes. Does nothing for a request that has an id.
 */
export function assignRequestId(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  fields?: RequestLogFields,
  header = true,
): void {
  if (req.id) return;
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  (req as Logged)[PARENT] = logger;
  Object.defineProperty(req, 'log', LOG_PROPERTY);
  if (header) res.setHeader('x-request-id', id);
  // The level is fixed at start: with request lines off, nothing is timed or logged per request.
  if (!logger.isLevelEnabled('info')) return;
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    req.log?.info(
      { method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10, ...fields },
      'request',
    );
  });
}

export function requestId(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    assignRequestId(logger, req, res, req.path);
    next();
  };
}
