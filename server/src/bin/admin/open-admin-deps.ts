// The one way a pkg-admin command reaches the store, whether or not the server is running:
// MONGODB_URI when set; otherwise the embedded store a running server holds (its lock file
// names the URI); otherwise the embedded store started on the data directory for the
// duration of the command. Returns the app's full dependencies (indexes synced) and close().
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { loadConfig, type Config } from '../../config.js';
import { createDeps } from '../../create-deps.js';
import { EMBEDDED_DB_NAME, openStore } from '../../db/connect.js';
import { readStoreLock } from '../../db/embedded/index.js';
import type { AppDeps } from '../../deps.js';
import { createLogger, type Logger } from '../../logger.js';

export interface AdminStore {
  kind: 'mongodb' | 'embedded';
  /** Credentials redacted: safe to print. */
  uri: string;
  /** Who holds the store: a running server, this command, or an external MongoDB. */
  running: 'server' | 'this command' | 'external';
  dataDir?: string;
  database: string;
}

export interface AdminConnection {
  connection: Connection;
  store: AdminStore;
  close(): Promise<void>;
}

export interface AdminDeps {
  deps: AppDeps;
  store: AdminStore;
  close(): Promise<void>;
}

/** Logs go to stderr, quiet unless LOG_LEVEL asks for more: stdout is the command's output. */
function adminLogger(config: Config, env: NodeJS.ProcessEnv): Logger {
  return createLogger(env.LOG_LEVEL ? config.LOG_LEVEL : 'warn', process.stderr);
}

async function connectTo(uri: string): Promise<Connection> {
  return mongoose
    .createConnection(uri, { serverSelectionTimeoutMS: 10_000, bufferCommands: false })
    .asPromise();
}

async function openConnection(
  config: Config,
  logger: Logger,
): Promise<{ connection: Connection; store: AdminStore; closeStore: () => Promise<void> }> {
  const dir = path.resolve(config.PKG_DATA_DIR);
  const held = config.MONGODB_URI ? undefined : await readStoreLock(dir);
  if (held) {
    const connection = await connectTo(`${held}${EMBEDDED_DB_NAME}`);
    const store: AdminStore = {
      kind: 'embedded',
      uri: held,
      running: 'server',
      dataDir: dir,
      database: EMBEDDED_DB_NAME,
    };
    return { connection, store, closeStore: () => connection.close() };
  }
  const opened = await openStore(config, logger);
  const store: AdminStore =
    opened.kind === 'mongodb'
      ? {
          kind: 'mongodb',
          uri: opened.displayUri,
          running: 'external',
          database: opened.connection.db?.databaseName ?? 'test',
        }
      : {
          kind: 'embedded',
          uri: opened.displayUri,
          running: 'this command',
          dataDir: dir,
          database: EMBEDDED_DB_NAME,
        };
  return { connection: opened.connection, store, closeStore: () => opened.close() };
}

export async function openAdminDeps(env: NodeJS.ProcessEnv = process.env): Promise<AdminDeps> {
  const config = loadConfig(env);
  const logger = adminLogger(config, env);
  const { connection, store, closeStore } = await openConnection(config, logger);
  let deps: AppDeps;
  try {
    // The first signing key is created by the server's first start, never by a command.
    deps = await createDeps(config, logger, connection, undefined, undefined, { createSigningKey: false });
  } catch (error) {
    await closeStore().catch(() => undefined);
    throw error;
  }
  return {
    deps,
    store,
    async close() {
      await deps.limiter.close().catch(() => undefined);
      await deps.data.close();
      await closeStore();
    },
  };
}

/** The store alone (no models, no index sync): for commands that copy it whole. */
export async function withAdminStore<T>(fn: (admin: AdminConnection) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const { connection, store, closeStore } = await openConnection(config, adminLogger(config, process.env));
  try {
    return await fn({ connection, store, close: closeStore });
  } finally {
    await closeStore();
  }
}

/** Open, run `fn`, and always close. */
export async function withAdminDeps<T>(fn: (admin: AdminDeps) => Promise<T>): Promise<T> {
  const admin = await openAdminDeps();
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}
