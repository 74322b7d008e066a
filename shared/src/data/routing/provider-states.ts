// Per-process provider eligibility: three consecutive
// failures put a provider in a 30 s cool-down (after which it is tried again with a fresh
// count); a rejected key makes it `auth_failed`; another chain id makes it `chain_mismatch`;
// a refused method makes it unsupported for that capability. Time comes from the injected clock.
import type { Clock } from './clock.js';

export const COOL_DOWN_MS = 30_000;
export const FAILURES_BEFORE_COOL_DOWN = 3;

interface ProviderState {
  failures: number;
  coolUntil: number | undefined;
  authFailed: string | undefined;
  chainMismatch: string | undefined;
  unsupported: Set<string>;
  chainCheck: Promise<void> | undefined;
}

export type ProviderStatus = 'eligible' | 'cooling_down' | 'auth_failed' | 'chain_mismatch';

export interface ProviderStateSnapshot {
  status: ProviderStatus;
  consecutiveFailures: number;
  coolingDownUntil?: string;
  reason?: string;
  unsupported?: string[];
}

const newState = (): ProviderState => ({
  failures: 0,
  coolUntil: undefined,
  authFailed: undefined,
  chainMismatch: undefined,
  unsupported: new Set(),
  chainCheck: undefined,
});

/** Why the router skips a provider in `current` status for `capability`, or undefined. */
function skipReasonOf(current: ProviderStatus, state: ProviderState, capability: string): string | undefined {
  // The recorded reasons already start with their kind (`auth_failed: …`, `chain_mismatch: …`).
  if (current === 'auth_failed') return state.authFailed;
  if (current === 'chain_mismatch') return state.chainMismatch;
  if (current === 'cooling_down') return `cooling down until ${new Date(state.coolUntil ?? 0).toISOString()}`;
  if (state.unsupported.has(capability)) return `unsupported: ${capability} refused earlier`;
  return undefined;
}

function snapshotOf(current: ProviderStatus, state: ProviderState): ProviderStateSnapshot {
  return {
    status: current,
    consecutiveFailures: state.failures,
    ...(state.coolUntil !== undefined ? { coolingDownUntil: new Date(state.coolUntil).toISOString() } : {}),
    ...(state.authFailed || state.chainMismatch ? { reason: state.authFailed ?? state.chainMismatch } : {}),
    ...(state.unsupported.size > 0 ? { unsupported: [...state.unsupported].sort() } : {}),
  };
}

export function createProviderStates(clock: Clock) {
  const states = new Map<string, ProviderState>();
  const get = (id: string): ProviderState => {
    let state = states.get(id);
    if (!state) {
      state = newState();
      states.set(id, state);
    }
    return state;
  };
  const status = (id: string): ProviderStatus => {
    const state = get(id);
    if (state.authFailed) return 'auth_failed';
    if (state.chainMismatch) return 'chain_mismatch';
    if (state.coolUntil !== undefined) {
      if (clock.now() < state.coolUntil) return 'cooling_down';
      state.coolUntil = undefined;
      state.failures = 0;
    }
    return 'eligible';
  };

  return {
    status,
    /** Why the router skips this provider for `capability`, or undefined when it is eligible. */
    skipReason(id: string, capability: string): string | undefined {
      const current = status(id);
      return skipReasonOf(current, get(id), capability);
    },
    recordSuccess(id: string): void {
      get(id).failures = 0;
    },
    recordFailure(id: string): void {
      const state = get(id);
      state.failures += 1;
      if (state.failures >= FAILURES_BEFORE_COOL_DOWN) state.coolUntil = clock.now() + COOL_DOWN_MS;
    },
    markAuthFailed(id: string, reason: string): void {
      get(id).authFailed = reason;
    },
    markChainMismatch(id: string, reason: string): void {
      get(id).chainMismatch = reason;
    },
    markUnsupported(id: string, capability: string): void {
      get(id).unsupported.add(capability);
    },
    /** Runs the eth_chainId check once per provider; a failed check (not a mismatch) is retried next time. */
    checkChainOnce(id: string, check: () => Promise<void>): Promise<void> {
      const state = get(id);
      state.chainCheck ??= check().catch((error: unknown) => {
        state.chainCheck = undefined;
        throw error;
      });
      return state.chainCheck;
    },
    snapshot(id: string): ProviderStateSnapshot {
      const current = status(id);
      return snapshotOf(current, get(id));
    },
  };
}

export type ProviderStates = ReturnType<typeof createProviderStates>;
