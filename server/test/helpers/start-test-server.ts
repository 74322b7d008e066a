// Starts the real app on an ephemeral port with a temporary data directory (the embedded
// store, or MONGODB_URI when set) and returns its base URL. Every integration test uses it.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  createHttpServer,
  createDeps,
  createLogger,
  loadConfig,
  openStore,
  type AppDeps,
  type Config,
} from '../../src/index.js';

export interface TestServer {
  url: string;
  deps: AppDeps;
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    env?: Record<string, string>;
    configure?: (config: Config) => Config;
    clock?: () => Date;
    /** Connect to this MongoDB URI (e.g. a store shared by two apps) instead of a private one. */
    mongodbUri?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-test-'));
  const uri = options.mongodbUri ?? process.env.MONGODB_URI;
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
  const deps: AppDeps = await createDeps(config, logger, store.connection, options.clock);
  const server = createHttpServer(deps).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    logs,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await deps.limiter.close().catch(() => undefined);
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
