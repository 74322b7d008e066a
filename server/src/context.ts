// The tRPC context, built the same way for the /trpc handler and for REST adapters.
import type { Request } from 'express';
import type { Logger } from './logger.js';
import type { AppDeps } from './deps.js';

export interface Context {
  deps: AppDeps;
  requestId: string;
  log: Logger;
  /** The raw `Authorization` header; auth is decided by procedure builders, never by routes. */
  authorization: string | undefined;
}

export function createContext({ req, deps }: { req: Request; deps: AppDeps }): Context {
  return { deps, requestId: req.id, log: req.log, authorization: req.get('authorization') };
}
