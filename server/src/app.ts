// createApp(deps): request id and logging, /trpc, the REST routes, the SPA, the JSON 404
// and the error handler. No module singletons: everything comes from deps.
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express } from 'express';
import { RegistryError } from '@pkg/shared';
import { createContext } from './context.js';
import type { AppDeps } from './deps.js';
import { errorHandler } from './middleware/error-handler.js';
import { requestId } from './middleware/request-id.js';
import { UNMATCHED_ROUTE } from './middleware/request-metrics.js';
import { metricsRoutes } from './rest/metrics.js';
import { publicRateLimit } from './middleware/rate-limit.js';
import { v1Cors, v1RateLimit } from './middleware/v1-access.js';
import { mcpRoutes } from './mcp/mcp-routes.js';
import { authRoutes } from './rest/auth.js';
import { botRoutes } from './rest/bots.js';
import { downloadCountRoutes } from './rest/download-counts.js';
import { downloadRoutes } from './rest/downloads.js';
import { namespaceRoutes } from './rest/namespaces.js';
import { packageRoutes } from './rest/packages.js';
import { publishRoutes } from './rest/publish.js';
import { rootRoutes } from './rest/root.js';
import { trustRoutes } from './rest/trust.js';
import { v1Routes } from './rest/v1.js';
import { v1AiRoutes } from './rest/v1-ai.js';
import { spaRoutes } from './spa.js';
import { appRouter } from './trpc/router.js';

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('query parser', 'simple');
  if (deps.config.PKG_TRUST_PROXY) app.set('trust proxy', deps.config.PKG_TRUST_PROXY);
  app.use(requestId(deps.logger));
  app.use(metricsRoutes(deps));
  // The bots authenticate by secret or signature before reading a body (rest/bots.ts).
  app.use(botRoutes(deps));
  app.use(publicRateLimit(deps));
  app.use('/v1', v1RateLimit(deps), v1Cors(deps));
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => createContext({ req, deps }),
      maxBodySize: 1024 * 1024,
    }),
  );
  // /v1 answers are read-only GETs: matched before the registry's routes and body parsers.
  app.use(v1Routes(deps));
  app.use(v1AiRoutes(deps));
  app.use(publishRoutes(deps));
  app.use(express.json({ limit: '1mb' }));
  app.use(rootRoutes(deps));
  app.use(downloadCountRoutes(deps));
  app.use(packageRoutes(deps));
  app.use(trustRoutes(deps));
  app.use(downloadRoutes(deps));
  app.use(authRoutes(deps));
  app.use(namespaceRoutes(deps));
  app.use(mcpRoutes(deps));
  app.use(spaRoutes(deps));
  app.use((req) => {
    req.routePattern = UNMATCHED_ROUTE;
    throw new RegistryError('NOT_FOUND', `No route for ${req.method} ${req.path}.`);
  });
  app.use(errorHandler);
  return app;
}
