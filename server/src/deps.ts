// What the app needs from outside, injected by main.ts (and by tests): no module singletons.
import type { Connection } from 'mongoose';
import type { Config } from './config.js';
import type { ArtifactStore } from './db/artifact-store.js';
import type { Models } from './db/models/index.js';
import type { Logger } from './logger.js';
import type { Limiter } from './infra/limiter.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The mongoose connection (embedded store or MONGODB_URI). */
  db: Connection;
  models: Models;
  artifacts: ArtifactStore;
  limiter: Limiter;
  clock: () => Date;
}
