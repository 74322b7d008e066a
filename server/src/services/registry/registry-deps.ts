// What the registry wing reads (docs/architecture.md, "The three wings"): its five collections,
// the artifact store, the connection (to know whether the store is reachable), the shared
// limiter, two settings, the clock, the logger and the package answers cached per revision (one
// cache per app). Nothing of the website, the bots, the data layer or the AI features. The
// composition root (wing-deps.ts, registryDeps) builds it once; callers hand a service
// `deps.registry`, and the type is what a registry service may touch.
import type { Connection } from 'mongoose';
import type { MetadataCache } from '../../cache/metadata-cache.js';
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
  /** The package answers cached per package revision (cache/metadata-cache.ts), one per app. */
  metadata: MetadataCache;
}
