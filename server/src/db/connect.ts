// Opens the store: MONGODB_URI when set (its database: the URI's path, else `pkg`, as
// mongodb-uri.ts reads it), otherwise the embedded MongoDB-compatible store under PKG_DATA_DIR.
// Nothing else in the server knows which one it got. Either way the connection is watched while
// it is open (watch-connection.ts): a lost store is logged, and noticed again as soon as it is back.
// The embedded store runs in this process: the publish's operations reach it in-process too
// (store-commands.ts), behind the interface a MongoDB server serves through the driver.
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedStore } from './embedded/index.js';
import { DEFAULT_DB_NAME, parseMongoUri } from './mongodb-uri.js';
import { attachInProcessPath } from './store-commands.js';
import { watchConnection } from './watch-connection.js';

/** The database the server uses inside the embedded store. */
export const EMBEDDED_DB_NAME = DEFAULT_DB_NAME;

export interface OpenStore {
  kind: 'embedded' | 'mongodb';
  /** The URI with credentials redacted: safe to log and print. */
  displayUri: string;
  connection: Connection;
  close(): Promise<void>;
}

/**
 * The options of every connection to the store: no buffering (a request during an outage gets
 * its 503 at once, availability.ts), and the driver's command events for the metrics
 * (monitor-store.ts).
 */
export function connectionOptions(config: Config) {
  return {
    serverSelectionTimeoutMS: config.MONGODB_SERVER_SELECTION_TIMEOUT_MS,
    bufferCommands: false,
    monitorCommands: true,
  };
}

export async function openStore(config: Config, log: Logger): Promise<OpenStore> {
  if (config.MONGODB_URI) {
    const { uri, database, displayUri } = parseMongoUri(config.MONGODB_URI);
    const connection = await mongoose
      .createConnection(uri, { ...connectionOptions(config), dbName: database })
      .asPromise();
    log.info({ store: 'mongodb', uri: displayUri, database }, 'connected to MongoDB');
    const unwatch = watchConnection(connection, log);
    return {
      kind: 'mongodb',
      displayUri,
      connection,
      close: () => {
        unwatch();
        return connection.close();
      },
    };
  }
  const dir = path.resolve(config.PKG_DATA_DIR);
  const store = await startEmbeddedStore({ dir });
  const connection = await mongoose
    .createConnection(`${store.uri}${EMBEDDED_DB_NAME}`, connectionOptions(config))
    .asPromise();
  attachInProcessPath(connection, (command) => store.run(EMBEDDED_DB_NAME, command));
  log.info({ store: 'embedded', uri: store.uri, dir }, 'embedded store started');
  const unwatch = watchConnection(connection, log);
  return {
    kind: 'embedded',
    displayUri: store.uri,
    connection,
    close: async () => {
      unwatch();
      await connection.close();
      await store.close();
    },
  };
}
