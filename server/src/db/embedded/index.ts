// Public entry of the embedded MongoDB-compatible store: start one on a data directory, or find
// the URI of the one a live process is serving from a directory.
export { startEmbeddedStore } from './server.js';
export type { EmbeddedStore, EmbeddedStoreOptions } from './server.js';
export { readStoreLock, readStoreOwner } from './lock-file.js';
export { holdsStoreData } from './journal.js';
export type { StoreLockInfo } from './lock-file.js';
