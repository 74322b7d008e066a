// Counts and times every answered request by its route pattern, method and status
// (docs/operator.md, "Metrics"), in front of the hot-read path and the Express app. The route
// label is never the raw path: the pattern the hot-read path or Express matched
// (`/packages/:namespace/:name`), `/trpc/<procedure>` for a known tRPC procedure, `unmatched` for
// a request no route took (the 404 handler marks it), `(middleware)` for an answer given before
// any route (the website's static files, a refused rate limit, a CORS preflight). A request costs
// one `finish` listener shared by every response (no closure of its own: the start time rides on
// the response), one counter increment and one histogram observation (docs/performance.md, "The
// package document since the metrics").
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Metrics } from '../metrics/metrics.js';
import type {} from '../request-fields.js';

export const UNMATCHED_ROUTE = 'unmatched';
const MIDDLEWARE_ROUTE = '(middleware)';
const TRPC_PREFIX = '/trpc/';

/** `/trpc/<procedure>` when every procedure the path names is known; several: `/trpc/(batch)`. */
function trpcRoute(url: string, procedures: ReadonlySet<string>): string | undefined {
  if (!url.startsWith(TRPC_PREFIX)) return undefined;
  const end = url.indexOf('?');
  const names = url.slice(TRPC_PREFIX.length, end === -1 ? undefined : end).split(',');
  if (!names.every((name) => procedures.has(name))) return undefined;
  return names.length === 1 ? `${TRPC_PREFIX}${names[0]}` : `${TRPC_PREFIX}(batch)`;
}

/** The request's route label, read when its answer has been sent. */
export function routeLabel(req: IncomingMessage, status: number, procedures: ReadonlySet<string>): string {
  if (req.routePattern) return req.routePattern;
  const express = req as Partial<Pick<Request, 'baseUrl'>> & { route?: { path?: unknown } };
  const pattern = express.route?.path;
  if (typeof pattern === 'string') return `${express.baseUrl ?? ''}${pattern}`;
  // Express strips the mount path (/trpc) from req.url inside the middleware: its originalUrl keeps it.
  const trpc = trpcRoute(
    (req as Partial<Pick<Request, 'originalUrl'>>).originalUrl ?? req.url ?? '',
    procedures,
  );
  if (trpc) return trpc;
  return status === 404 ? UNMATCHED_ROUTE : MIDDLEWARE_ROUTE;
}

const STARTED = Symbol('request started');

/** A response carrying when its request came (set before the listener runs). */
interface Timed extends ServerResponse {
  [STARTED]?: number;
}

/** `listener` with every answered request counted and timed. */
export function withRequestMetrics(
  listener: RequestListener,
  metrics: Metrics,
  procedures: ReadonlySet<string>,
): RequestListener {
  // One `finish` listener for every response (`this`), made once: nothing is allocated per request.
  function onFinish(this: Timed): void {
    const seconds = (performance.now() - (this[STARTED] ?? 0)) / 1000;
    const req = this.req;
    metrics.request(
      routeLabel(req, this.statusCode, procedures),
      req.method ?? 'GET',
      this.statusCode,
      seconds,
    );
  }
  return (req, res: Timed) => {
    res[STARTED] = performance.now();
    // `on`, not `once`: a response finishes once, and `once` wraps the listener anew each time.
    res.on('finish', onFinish);
    listener(req, res);
  };
}
