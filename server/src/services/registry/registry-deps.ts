// What the registry wing reads (docs/architecture.md, "The three wings"): its five collections,
// the artifact store, the connection (to know whether the store is reachable), the shared
// limiter, two settings, the clock and the logger. Nothing of the website, the bots, the data
// layer or the AI features. The composition root (create-deps.ts) passes the app's deps, which
// hold these and more; the type is what a registry service may touch.
import type { Connection } from 'mongoose';
import type { ArtifactStore } from '../../db/artifact-store.js';
import type { Models } from '../../db/models/index.js';
import type { Limiter } from '../../infra/limiter.js';
import type { Logger } from '../../logger.js';

export interface RegistryDeps {
  /** The two settings the wing reads (config.ts validates them). */
  config: { PKG_RESERVED_NAMESPACES: readonly string[]; PKG_RATE_LIMIT_PUBLISH: number };
  logger: Logger;
  db: Connection;
  models: Pick<Models, 'Package' | 'Version' | 'Namespace' | 'User' | 'Token'>;
  artifacts: ArtifactStore;
  limiter: Limiter;
  clock: () => Date;
}
