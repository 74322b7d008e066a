// loadConfig → open the store → createHttpServer(deps) → listen → graceful shutdown.
import { once } from 'node:events';
import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { createDeps } from './create-deps.js';
import { openStore } from './db/connect.js';
import { createHttpServer } from './http-server.js';
import { createLogger } from './logger.js';
import { botRepliesSettled } from './rest/bots.js';
import { startAlertScheduler } from './services/bots/schedule/start-scheduler.js';
import { botSettings } from './wing-deps.js';
import { backfillTrust } from './services/registry/trust/backfill.js';

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
  const store = await openStore(config, logger);
  const deps = await createDeps(config, logger, store.connection);
  const server = createHttpServer(deps).listen(config.PORT, config.HOST);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ url: `http://${config.HOST}:${port}`, store: store.kind }, 'pkg registry listening');
  const scheduler = startAlertScheduler(deps.bots);
  // Downloads are counted in memory and written every PKG_DOWNLOADS_FLUSH_MS, and once more below
  // after the last response (docs/registry-api.md, "Download counts").
  deps.registry.downloads.start();
  // Versions published before signing existed are signed and logged (docs/trust.md).
  backfillTrust(deps.registry).then(
    (done) => {
      if (done.signed || done.logged) logger.info(done, 'versions signed and logged');
    },
    (error: unknown) =>
      logger.warn({ err: error }, 'versions were not signed and logged; retried at the next start'),
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
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
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

start().catch((error: unknown) => {
  process.stderr.write(
    `pkg server failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
