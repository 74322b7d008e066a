// Builds the app's dependencies on a connection: models, the artifact store, the shared limiter,
// the data layer, and the three wings' deps (wing-deps.ts); then the start-up work on the store
// (indexes, the signing key). buildDeps needs no store, so main.ts builds the deps and listens
// before the store is reachable, and runs prepareStore once it is (docs/operator.md, "Starting
// with the store down"). createDeps does both, for the tests and pkg-admin.
import path from 'node:path';
import type { Connection } from 'mongoose';
import type { Config } from './config.js';
import { createDiskArtifactCache } from './db/artifact-disk-cache.js';
import { createArtifactStore } from './db/artifact-store.js';
import { createModels, syncIndexes } from './db/models/index.js';
import { storeCommandsOf } from './db/store-commands.js';
import type { AppDeps } from './deps.js';
import { withWings } from './wing-deps.js';
import { createTrustState } from './services/registry/trust/trust-state.js';
import { prepareSigningKey } from './services/registry/trust/signing-keys.js';
import type { Logger } from './logger.js';
import { createLimiter } from './infra/limiter.js';
import { loadPassKeys } from './infra/pass-keys.js';
import { createDataClient, loadDataEnv, type DataEnv } from '@pkg/shared/data';
import { monitorStore } from './db/monitor-store.js';
import { createPrometheusMetrics } from './metrics/prometheus-metrics.js';
import { createReadiness } from './readiness.js';

/** Whether a registry without any signing key gets one now (see createDeps). */
export interface StoreStartOptions {
  createSigningKey: boolean;
}

export async function createDeps(
  config: Config,
  logger: Logger,
  db: Connection,
  clock: () => Date = () => new Date(),
  /** The data layer's variables; default: the process environment and env files (docs/data-layer.md). */
  dataEnv: DataEnv = loadDataEnv().values,
  /**
   * Whether a registry without any signing key gets one now (in the data directory): on a
   * server's start, not for pkg-admin, which only loads the key of its source (docs/trust.md).
   */
  options: StoreStartOptions = { createSigningKey: true },
): Promise<AppDeps> {
  const deps = buildDeps(config, logger, db, clock, dataEnv);
  await prepareStore(deps, options);
  deps.readiness.markReady();
  return deps;
}

/** The deps on a connection that may not be open yet: nothing here reads or writes the store. */
export function buildDeps(
  config: Config,
  logger: Logger,
  db: Connection,
  clock: () => Date = () => new Date(),
  dataEnv: DataEnv = loadDataEnv().values,
): AppDeps {
  // Before the first operation: the store's metrics count from an empty pool (db/monitor-store.ts).
  const metrics = createPrometheusMetrics();
  monitorStore(db, metrics);
  const models = createModels(db);
  const commands = storeCommandsOf(db, (name, ok, seconds) => metrics.storeCommand(name, ok, seconds));
  const limiter = createLimiter(models, {
    commands,
    authFailureLimit: config.PKG_AUTH_FAILURE_LIMIT,
    authFailureWindowMs: config.PKG_AUTH_FAILURE_WINDOW_SECONDS * 1000,
    authBlockMs: config.PKG_AUTH_BLOCK_SECONDS * 1000,
    clock,
  });
  const disk =
    config.PKG_ARTIFACT_CACHE_MB > 0
      ? createDiskArtifactCache({
          dir: path.resolve(
            config.PKG_ARTIFACT_CACHE_DIR ?? path.join(config.PKG_DATA_DIR, 'artifact-cache'),
          ),
          maxBytes: config.PKG_ARTIFACT_CACHE_MB * 1024 * 1024,
          onError: (err, what) => logger.warn({ err, what }, 'artifact disk cache'),
        })
      : undefined;
  const data = createDataClient({
    env: dataEnv,
    observer: {
      cacheLookup: (hit) => metrics.cacheLookup('data_results', hit),
      providerCall: (provider, outcome, seconds) => metrics.providerCall(provider, outcome, seconds),
      throttleWait: (provider, seconds) => metrics.throttleWait(provider, seconds),
    },
  });
  return withWings({
    config,
    logger,
    db,
    models,
    commands,
    artifacts: createArtifactStore(db, commands, disk),
    limiter,
    data,
    clock,
    passKeys: loadPassKeys(config),
    allowPrivateNetwork: dataEnv.PKG_NET_ALLOW_PRIVATE === '1',
    trust: createTrustState(),
    metrics,
    readiness: createReadiness(),
  });
}

/** The start-up work on the connected store: every index, then the signing key (docs/trust.md, "Keys"). */
export async function prepareStore(deps: AppDeps, options: StoreStartOptions): Promise<void> {
  await syncIndexes(deps.models);
  await prepareSigningKey(deps.registry, options);
}
