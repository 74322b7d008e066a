// The one typed contract: every domain router composed here.
import { createCallerFactory, router } from './init.js';
import { askRouter, explanationsRouter, holderPassRouter } from './routers/ai.js';
import { authRouter, tokensRouter } from './routers/auth.js';
import { healthRouter } from './routers/health.js';
import { namespacesRouter } from './routers/namespaces.js';
import { packagesRouter } from './routers/packages.js';
import { oidcRouter, publishersRouter } from './routers/publishers.js';
import { logRouter, trustRouter } from './routers/trust.js';
import { v1Router } from './routers/v1.js';

export const appRouter = router({
  health: healthRouter,
  packages: packagesRouter,
  namespaces: namespacesRouter,
  auth: authRouter,
  tokens: tokensRouter,
  v1: v1Router,
  holderPass: holderPassRouter,
  ask: askRouter,
  explanations: explanationsRouter,
  trust: trustRouter,
  log: logRouter,
  publishers: publishersRouter,
  oidc: oidcRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
