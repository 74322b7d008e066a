// @pkg/server/router: the type of the one typed contract, for clients (the CLI, the SPA).
// Type-only: importing it loads nothing of the server.
export type { AppRouter } from './trpc/router.js';
