// Database availability: a database that is down or unreachable is 503 STORAGE_UNAVAILABLE with
// Retry-After, never a 500.
import { RegistryError } from '@pkg/shared';
import mongoose, { type Connection } from 'mongoose';

export const STORAGE_RETRY_AFTER_SECONDS = 5;

const CONNECTIVITY_ERRORS = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClosedError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoServerClosedError',
  'MongoClientClosedError',
]);

export function storageUnavailable(cause?: unknown): RegistryError {
  return new RegistryError('STORAGE_UNAVAILABLE', 'The registry database is unavailable; retry later.', {
    retryAfter: STORAGE_RETRY_AFTER_SECONDS,
    cause,
  });
}

/**
 * The one mapping of storage failures: a lost or unreachable database (anywhere in the cause
 * chain) becomes 503 STORAGE_UNAVAILABLE; any other error is returned as it is. The tRPC
 * middleware and the REST error handler pass every error through it.
 */
export function mapStorageFailure(error: unknown): unknown {
  return !(error instanceof RegistryError) && isConnectivityError(error) ? storageUnavailable(error) : error;
}

function isConnectivityError(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (CONNECTIVITY_ERRORS.has(e.name) || e instanceof mongoose.mongo.MongoNetworkError) return true;
    if (
      /before initial connection is complete|Connection was force closed|client was closed/i.test(e.message)
    )
      return true;
  }
  return false;
}

export function assertStorageReady(db: Connection): void {
  if (db.readyState !== mongoose.ConnectionStates.connected) throw storageUnavailable();
}
