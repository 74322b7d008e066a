// What other workspaces (tests, the CLI's types, the web's e2e test) import from the server.
export { createApp } from './app.js';
export { createHttpServer } from './http-server.js';
export { loadConfig, type Config } from './config.js';
export type { AppDeps } from './deps.js';
export { createDeps } from './create-deps.js';
export { openStore, type OpenStore } from './db/connect.js';
export { createLogger } from './logger.js';
export { appRouter, type AppRouter } from './trpc/router.js';
