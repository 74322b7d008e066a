// The one typed contract: every domain router composed here.
import { createCallerFactory, router } from './init.js';
import { healthRouter } from './routers/health.js';

export const appRouter = router({
  health: healthRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
