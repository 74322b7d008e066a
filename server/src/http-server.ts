// The HTTP server of the registry: the hot-read path (rest/hot-reads.ts) in front of the
// Express app. main.ts and the integration tests build it here, so tests run what production runs.
import http from 'node:http';
import { createApp } from './app.js';
import type { AppDeps } from './deps.js';
import { withHotReads } from './rest/hot-reads.js';

export function createHttpServer(deps: AppDeps): http.Server {
  return http.createServer(withHotReads(createApp(deps), deps));
}
