// Storage failures as the registry's errors (docs/registry-api.md, "Errors"): a database that
// is down or unreachable is 503 STORAGE_UNAVAILABLE with Retry-After, never a 500. Judged by the
// driver's error names (and classes, through their prototype chain), so that the error handler
// and the tRPC middleware map storage failures without knowing the database.
import { RegistryError } from '@pkg/shared';

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
    if (CONNECTIVITY_ERRORS.has(e.name) || isNetworkErrorClass(e)) return true;
    if (
      /before initial connection is complete|Connection was force closed|client was closed/i.test(e.message)
    )
      return true;
  }
  return false;
}

/** Any subclass of the driver's MongoNetworkError, without importing the driver. */
function isNetworkErrorClass(error: Error): boolean {
  for (let p: unknown = Object.getPrototypeOf(error); p; p = Object.getPrototypeOf(p)) {
    if ((p as { constructor?: { name?: string } }).constructor?.name === 'MongoNetworkError') return true;
  }
  return false;
}
