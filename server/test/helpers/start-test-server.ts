// Starts the real app on an ephemeral port with a temporary data directory and returns its base
// URL. Every integration test uses it. Its store: the embedded store, or, when MONGODB_URI is
// set, a fresh database of its own on that MongoDB (dropped at close).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig, type Config } from '../../src/config.js';
import { createDeps } from '../../src/create-deps.js';
import { openStore } from '../../src/db/connect.js';
import type { AppDeps } from '../../src/deps.js';
import type { DataEnv } from '@pkg/shared/data';
import { createHttpServer } from '../../src/http-server.js';
import { createLogger } from '../../src/logger.js';
import { freshDatabase } from './fresh-database.js';

export interface TestServer {
  url: string;
  deps: AppDeps;
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[];
  /** The environment that points pkg-admin (or a second server) at this server's store. */
  storeEnv: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    env?: Record<string, string>;
    configure?: (config: Config) => Config;
    clock?: () => Date;
    /** Connect to this MongoDB URI (e.g. a store shared by two apps) instead of a private one. */
    mongodbUri?: string;
    /** The data layer's variables (vendor doubles); default none, so that no test reaches a vendor. */
    dataEnv?: DataEnv;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-test-'));
  const external =
    options.mongodbUri || !process.env.MONGODB_URI ? undefined : freshDatabase(process.env.MONGODB_URI);
  const uri = options.mongodbUri ?? external?.uri;
  const base = loadConfig({
    PORT: '0',
    PKG_DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    MONGODB_SERVER_SELECTION_TIMEOUT_MS: '1500',
    ...(uri ? { MONGODB_URI: uri } : {}),
    ...options.env,
  });
  const config = options.configure ? options.configure(base) : base;
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger(config.LOG_LEVEL, sink);
  const store = await openStore(config, logger);
  const deps: AppDeps = await createDeps(
    config,
    logger,
    store.connection,
    options.clock,
    options.dataEnv ?? { PUBLIC_RPC_URL: 'off' },
  );
  deps.registry.downloads.start();
  // On HOST (default 127.0.0.1); a server on every address (0.0.0.0) is reached on loopback.
  const server = createHttpServer(deps).listen(0, config.HOST);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`,
    deps,
    logs,
    storeEnv: { PKG_DATA_DIR: dataDir, ...(uri ? { MONGODB_URI: uri } : {}) },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await deps.registry.downloads.stop();
      await deps.limiter.close().catch(() => undefined);
      await deps.data.close();
      await store.close();
      await external?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
