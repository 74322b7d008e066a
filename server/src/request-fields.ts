// What every request carries once the request-id middleware has run (middleware/request-id.ts):
// its id and its child logger. Declared here, apart from the middleware, so that the tRPC
// context (and the router type that clients import) sees them without loading HTTP code.
import type { Logger } from './logger.js';

declare module 'node:http' {
  interface IncomingMessage {
    /** Set by assignRequestId, before any route runs. */
    id?: string;
    log?: Logger;
    /**
     * The route pattern of a request answered outside Express's routes (the hot-read path), or
     * `unmatched` (the 404 handler): the metrics' route label (middleware/request-metrics.ts).
     */
    routePattern?: string;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
}
