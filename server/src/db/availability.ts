// Database availability: whether the connection is up now. A lost database is 503
// STORAGE_UNAVAILABLE (errors/storage-failure.ts).
import mongoose, { type Connection } from 'mongoose';

import { storageUnavailable } from '../errors/storage-failure.js';

export {
  mapStorageFailure,
  STORAGE_RETRY_AFTER_SECONDS,
  storageUnavailable,
} from '../errors/storage-failure.js';

export function isStorageConnected(db: Connection): boolean {
  return db.readyState === mongoose.ConnectionStates.connected;
}

export function assertStorageReady(db: Connection): void {
  if (!isStorageConnected(db)) throw storageUnavailable();
}
