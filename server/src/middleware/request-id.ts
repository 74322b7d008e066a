// Gives every request an id (the caller's `x-request-id` when it is well formed, else a new
// UUID), echoes it in the response header and binds it to a per-request child logger that
// logs the request's completion.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
}

export function requestId(logger: Logger) {
  // The level is fixed at start: with request lines off, nothing is timed or logged per request.
  const logRequests = logger.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.get('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    // The child logger is made on first use: most requests never log.
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      get: () => (child ??= logger.child({ requestId: id })),
      configurable: true,
    });
    res.setHeader('x-request-id', id);
    if (!logRequests) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}
