// What the app needs from outside, injected by main.ts (and by tests): no module singletons.
import type { Connection } from 'mongoose';
import type { Config } from './config.js';
import type { ArtifactStore } from './db/artifact-store.js';
import type { Models } from './db/models/index.js';
import type { StoreCommands } from './db/store-commands.js';
import type { Logger } from './logger.js';
import type { Readiness } from './readiness.js';
import type { Limiter } from './infra/limiter.js';
import type { PassKeys } from './infra/pass-keys.js';
import type { DataClient } from '@pkg/shared/data';
import type { BotDeps } from './services/bots/bot-deps.js';
import type { RegistryDeps } from './services/registry/registry-deps.js';
import type { TrustState } from './services/registry/trust/trust-state.js';
import type { AiDeps, WebsiteDeps } from './services/website/index.js';
import type { PrometheusMetrics } from './metrics/prometheus-metrics.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The mongoose connection (embedded store or MONGODB_URI). */
  db: Connection;
  models: Models;
  /** The publish path's store operations: in-process into the embedded store, else the driver's. */
  commands: StoreCommands;
  artifacts: ArtifactStore;
  limiter: Limiter;
  /** The data layer (docs/data-layer.md): the website's, the bots' and /v1's only source of data. */
  data: DataClient;
  clock: () => Date;
  /** Keys of the holder pass and the per-day counters (infra/pass-keys.ts). */
  passKeys: PassKeys;
  /** PKG_NET_ALLOW_PRIVATE=1 (docs/data-layer.md): the bots' platform URLs may be private too. */
  allowPrivateNetwork: boolean;
  /** The registry's signing key in use and its log-append chain (docs/trust.md). */
  trust: TrustState;
  /** What the app counts, and its scrape (docs/operator.md, "Metrics"); one registry per app. */
  metrics: PrometheusMetrics;
  /** Whether this process should be sent traffic: GET /ready (docs/operator.md, "Readiness and liveness"). */
  readiness: Readiness;
  /** The three wings' own deps, built once by createDeps (docs/architecture.md). */
  registry: RegistryDeps;
  website: WebsiteDeps;
  ai: AiDeps;
  bots: BotDeps;
}

/** What the wings are built from: the app's deps before the wings. */
export type BaseDeps = Omit<AppDeps, 'registry' | 'website' | 'ai' | 'bots'>;
