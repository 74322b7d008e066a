// The store connection while the server runs (docs/operator.md, "When the store goes away").
// Mongoose reconnects by itself: the driver checks the server at every heartbeat (every 10 s),
// and every half second while an operation waits for a server. Requests that find the
// connection down are refused at once (availability.ts) and never wait for a server, so alone
// they would let the server notice the store's return only at its next heartbeat. While the
// connection is down, one ping is therefore kept waiting for a server: the driver then checks
// every half second, and the first request after the store is back finds it reconnected. The
// loss and the return are logged once each.
import mongoose, { type Connection } from 'mongoose';
import type { Logger } from '../logger.js';

/** The least time from one ping to the next, should a ping fail without waiting for a server. */
const PING_INTERVAL_MS = 500;

/** Starts watching `connection`; call the returned function before closing it. */
export function watchConnection(connection: Connection, log: Logger): () => void {
  let stopped = false;
  let pinging = false;
  let timer: NodeJS.Timeout | undefined;

  const ping = (): void => {
    const db = connection.db;
    if (stopped || pinging || !db || connection.readyState === mongoose.ConnectionStates.connected) return;
    pinging = true;
    const started = Date.now();
    void db
      .admin()
      .ping()
      .then(
        () => undefined,
        (error: unknown) => log.debug({ err: error }, 'store still unavailable'),
      )
      .finally(() => {
        pinging = false;
        timer = setTimeout(ping, Math.max(0, PING_INTERVAL_MS - (Date.now() - started)));
        timer.unref();
      });
  };
  const lost = () => {
    if (stopped) return;
    log.warn('store connection lost; requests that need it answer 503 until it is back');
    ping();
  };
  const restored = () => {
    if (!stopped) log.info('store connection restored');
  };

  connection.on('disconnected', lost);
  connection.on('reconnected', restored);
  return () => {
    stopped = true;
    clearTimeout(timer);
    connection.off('disconnected', lost);
    connection.off('reconnected', restored);
  };
}
