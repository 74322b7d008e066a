// The server's store (docs/operator.md, "Starting with the store down"). With MONGODB_URI the
// connection object is made at once and opened in the background: the server listens meanwhile
// and answers 503 STORAGE_UNAVAILABLE to what needs the store (availability.ts), while the
// connection is tried again with a capped exponential backoff. Each failed attempt is logged once,
// with the URI's credentials redacted. The embedded store is in this process: it is opened
// before anything else, as openStore does (connect.ts), and a failure there stops the server.
// pkg-admin keeps openStore: a command wants an answer, not a wait.
import { setTimeout as delay } from 'node:timers/promises';
import mongoose from 'mongoose';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { connectionOptions, openStore, type OpenStore } from './connect.js';
import { parseMongoUri } from './mongodb-uri.js';
import { watchConnection } from './watch-connection.js';

/** The first wait after a failed attempt; each next one doubles, up to the cap. */
export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 15_000;

export interface StoreInBackground extends OpenStore {
  /** Resolves once the store is connected (never rejects; stops trying when closed). */
  connected: Promise<void>;
  /** Whether the first attempt connected: the store was there when the server started. */
  firstAttempt: Promise<boolean>;
}

/** The wait after the `attempt`-th failed attempt (1-based). */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 30));
}

export async function connectWithRetry(config: Config, log: Logger): Promise<StoreInBackground> {
  if (!config.MONGODB_URI) {
    const store = await openStore(config, log);
    return { ...store, connected: Promise.resolve(), firstAttempt: Promise.resolve(true) };
  }
  const { uri, database, displayUri } = parseMongoUri(config.MONGODB_URI);
  const connection = mongoose.createConnection();
  const options = { ...connectionOptions(config), dbName: database };
  const stop = new AbortController();
  let unwatch = () => {};
  let firstDone: (connected: boolean) => void = () => {};
  const firstAttempt = new Promise<boolean>((resolve) => (firstDone = resolve));
  const connected = (async () => {
    for (let attempt = 1; !stop.signal.aborted; attempt++) {
      try {
        await connection.openUri(uri, options);
        firstDone(true);
        if (stop.signal.aborted) return;
        log.info({ store: 'mongodb', uri: displayUri, database, attempt }, 'connected to MongoDB');
        unwatch = watchConnection(connection, log);
        return;
      } catch (error) {
        firstDone(false);
        if (stop.signal.aborted) return;
        const retryInMs = retryDelayMs(attempt);
        const reason = withoutCredentials(error instanceof Error ? error.message : String(error), uri);
        log.warn(
          { store: 'mongodb', uri: displayUri, attempt, retryInMs, reason },
          'store unreachable; requests that need it answer 503 until it is connected',
        );
        await delay(retryInMs, undefined, { signal: stop.signal }).catch(() => undefined);
      }
    }
  })();
  return {
    kind: 'mongodb',
    displayUri,
    connection,
    connected,
    firstAttempt,
    close: async () => {
      stop.abort();
      unwatch();
      await connection.close();
    },
  };
}

/** The driver's message names hosts, not passwords; any URI in it loses its credentials all the same. */
function withoutCredentials(message: string, uri: string): string {
  return message
    .split(uri)
    .join('<MONGODB_URI>')
    .replace(/\/\/[^@\s/]*@/g, '//***@');
}
