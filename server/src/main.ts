// loadConfig → the store (opened in the background with MONGODB_URI) → createHttpServer(deps) →
// listen → once the store is reachable: its start-up work, then ready and the background work →
// graceful shutdown (docs/operator.md, "Readiness and liveness").
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import v8 from 'node:v8';
import { missingAllocatorSettings } from './allocator-settings.js';
import { ConfigError, loadConfig } from './config.js';
import { buildDeps, prepareStore } from './create-deps.js';
import { connectWithRetry } from './db/connect-with-retry.js';
import type { AppDeps } from './deps.js';
import { createHttpServer } from './http-server.js';
import { createLogger, type Logger } from './logger.js';
import { botRepliesSettled } from './rest/bots.js';
import { startAlertScheduler } from './services/bots/schedule/start-scheduler.js';
import type { AlertScheduler } from './services/bots/schedule/scheduler.js';
import { backfillTrust } from './services/registry/trust/backfill.js';
import { readKeySource } from './services/registry/trust/signing-keys.js';
import { botSettings } from './wing-deps.js';

/** The wait before the start-up work on the store is tried again after it failed. */
const PREPARE_RETRY_MS = 2_000;

async function start(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    botSettings(config); // the bots' own check of their settings, before the store opens
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  // Read by V8 each time it sets the next full-collection threshold: set before the data loads.
  if (config.PKG_HEAP_GROWING_PERCENT > 0)
    v8.setFlagsFromString(`--heap-growing-percent=${config.PKG_HEAP_GROWING_PERCENT}`);
  const logger = createLogger(config.LOG_LEVEL);
  logAllocatorSettings(logger);
  const store = await connectWithRetry(config, logger);
  const deps = buildDeps(config, logger, store.connection);
  // A bad PKG_SIGNING_KEY stops the server here, before it listens (docs/trust.md).
  await readKeySource(deps.registry);
  deps.readiness.waitingFor('the store is not reachable yet');

  let stopping = false;
  let scheduler: AlertScheduler | undefined;
  const becomeReady = () => {
    deps.readiness.markReady();
    logger.info('ready');
    scheduler = startAlertScheduler(deps.bots);
    // Downloads are counted in memory and written every PKG_DOWNLOADS_FLUSH_MS, and once more
    // below after the last response (docs/registry-api.md, "Download counts").
    deps.registry.downloads.start();
    // Versions published before signing existed are signed and logged (docs/trust.md).
    backfillTrust(deps.registry).then(
      (done) => {
        if (done.signed || done.logged) logger.info(done, 'versions signed and logged');
      },
      (error: unknown) =>
        logger.warn({ err: error }, 'versions were not signed and logged; retried at the next start'),
    );
  };
  const prepared = store.connected.then(() => whenPrepared(deps, logger, () => stopping));
  // A store there at once is prepared before the server listens, so that listening means ready;
  // one that is not is waited for behind the listener (docs/operator.md, "Starting with the store down").
  const storeAtStart = await store.firstAttempt;
  if (storeAtStart && (await prepared)) becomeReady();

  const server = createHttpServer(deps).listen(config.PORT, config.HOST);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ url: `http://${config.HOST}:${port}`, store: store.kind }, 'pkg registry listening');
  if (!storeAtStart)
    void prepared.then((done) => {
      if (done && !stopping) becomeReady();
    });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready from now on: a load balancer stops sending while the listener still answers.
    deps.readiness.markStopping();
    logger.info({ signal, delayMs: config.PKG_SHUTDOWN_DELAY_MS }, 'shutting down');
    void delay(config.PKG_SHUTDOWN_DELAY_MS).then(() => {
      const timer = setTimeout(() => {
        logger.error('shutdown timed out; exiting');
        process.exit(1);
      }, config.SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      server.close(() => {
        Promise.all([scheduler?.stop(), botRepliesSettled(deps), deps.registry.downloads.stop()])
          .then(() => deps.limiter.close())
          .then(() => deps.data.close())
          .then(() => store.close())
          .then(() => {
            logger.info('stopped');
            process.exit(0);
          })
          .catch((error: unknown) => {
            logger.error({ err: error }, 'error while closing the store');
            process.exit(1);
          });
      });
      server.closeIdleConnections();
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * glibc reads its allocator's settings before the first allocation, so only the command that
 * starts the server can set them: say when they are missing (docs/operator.md, "Memory").
 */
function logAllocatorSettings(logger: Logger): void {
  const missing = missingAllocatorSettings(process.env);
  if (missing.length > 0)
    logger.info(
      { missing },
      'started without the allocator settings of npm start (docs/operator.md, "Memory")',
    );
}

/**
 * The start-up work on the connected store (indexes, the signing key), tried again while it fails
 * (the store may go away again meanwhile). Resolves false when a shutdown began first.
 */
async function whenPrepared(deps: AppDeps, logger: Logger, stopping: () => boolean): Promise<boolean> {
  deps.readiness.waitingFor('building the indexes and registering the signing key');
  while (!stopping()) {
    try {
      await prepareStore(deps, { createSigningKey: true });
      return true;
    } catch (error) {
      logger.warn(
        { err: error, retryInMs: PREPARE_RETRY_MS },
        'start-up work on the store failed; trying again',
      );
      await delay(PREPARE_RETRY_MS);
    }
  }
  return false;
}

start().catch((error: unknown) => {
  process.stderr.write(
    `pkg server failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
