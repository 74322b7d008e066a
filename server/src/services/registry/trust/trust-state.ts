// What the registry wing keeps of trust while the server runs (docs/trust.md): the signing key it
// loaded and where from, and the chain that serializes this process's log appends (appends of
// several processes are serialized by the store's unique index; docs/trust.md, "The log").
import type { SigningKey } from '@pkg/shared';

export interface TrustState {
  /** The key this process signs with; checked against the store's current key before each use. */
  key: SigningKey | null;
  /** This process's appends, one after the other. */
  appending: Promise<unknown>;
  /**
   * The size and frontier of the tree this process appended last (log-store.ts): the next append
   * tries that size first and reads nothing else. Null until an append succeeded.
   */
  tree: { size: number; frontier: Uint8Array[] } | null;
}

export function createTrustState(): TrustState {
  return { key: null, appending: Promise.resolve(), tree: null };
}
