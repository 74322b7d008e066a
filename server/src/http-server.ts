// The HTTP server of the registry: the hot-read path (rest/hot-reads.ts) in front of the
// Express app. main.ts and the integration tests build it here, so tests run what production runs.
import http from 'node:http';
import { createApp } from './app.js';
import type { AppDeps } from './deps.js';
import { withRequestMetrics } from './middleware/request-metrics.js';
import { withHotReads } from './rest/hot-reads.js';
import { appRouter } from './trpc/router.js';

const PROCEDURES: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));

export function createHttpServer(deps: AppDeps): http.Server {
  const listener = withHotReads(createApp(deps), deps);
  return http.createServer(withRequestMetrics(listener, deps.metrics, PROCEDURES));
}
