// The store's commands and connection pool as metrics (docs/operator.md, "Metrics"): the driver's
// command monitoring (the connection is opened with monitorCommands, db/connect.ts) gives each
// command's name, outcome and duration; its connection-pool events give the connections open
// and checked out. Attached when the app's deps are built, before the first operation: the pool
// opens its connections on first use, so the counts start from an empty pool.
import type { Connection } from 'mongoose';
import type { CommandFailedEvent, CommandSucceededEvent, MongoClient } from 'mongodb';
import type { Metrics } from '../metrics/metrics.js';

export function monitorStore(connection: Connection, metrics: Metrics): void {
  // mongoose repeats the driver's command events on the connection (it is opened with
  // monitorCommands), whichever client it ends up with.
  connection.on('commandSucceeded', (event: CommandSucceededEvent) =>
    metrics.storeCommand(event.commandName, true, event.duration / 1000),
  );
  connection.on('commandFailed', (event: CommandFailedEvent) =>
    metrics.storeCommand(event.commandName, false, event.duration / 1000),
  );
  // The pool's events come from the driver's client only, which a connection opened in the
  // background (db/connect-with-retry.ts) has once an attempt connects: attached then, once.
  let watched: MongoClient | undefined;
  const watchPool = () => {
    const client = connection.getClient() as MongoClient | undefined;
    if (!client || client === watched) return;
    watched = client;
    client.on('connectionCreated', () => metrics.storePool({ open: 1 }));
    client.on('connectionClosed', () => metrics.storePool({ open: -1 }));
    client.on('connectionCheckedOut', () => metrics.storePool({ checkedOut: 1 }));
    client.on('connectionCheckedIn', () => metrics.storePool({ checkedOut: -1 }));
  };
  watchPool();
  connection.on('connected', watchPool);
}
