// The one Express error middleware: every error becomes the uniform error body.
import type { NextFunction, Request, Response } from 'express';
import { toHttpError } from './error-body.js';

export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const http = toHttpError(error);
  if (http.unexpected) req.log.error({ err: error }, 'unexpected error');
  else req.log.debug({ code: http.body.error.code }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // An answer given before the body was read (401, 413 on publish): the connection cannot be
  // reused for another request, so say so instead of letting the client reuse it.
  if (!req.complete) res.setHeader('connection', 'close');
  if (http.retryAfter !== undefined) res.setHeader('Retry-After', String(http.retryAfter));
  res.status(http.status).json(http.body);
}
