// Whether the registry's store can be reached now: a lost store is 503 STORAGE_UNAVAILABLE
// before any work starts (docs/registry-api.md, "Errors").
import { assertStorageReady } from '../../db/availability.js';
import type { RegistryDeps } from './registry-deps.js';

export function assertRegistryReady(deps: Pick<RegistryDeps, 'db'>): void {
  assertStorageReady(deps.db);
}
