// A tRPC caller bound to this request's context: how REST adapters call procedures.
import type { Request } from 'express';
import { createContext } from '../context.js';
import type { AppDeps } from '../deps.js';
import { createCaller } from '../trpc/router.js';

export function callerFor(req: Request, deps: AppDeps) {
  return createCaller(createContext({ req, deps }));
}
