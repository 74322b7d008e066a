// Whether this process should be sent traffic (docs/operator.md, "Readiness and liveness"):
// `starting` until the store is reachable and the start-up work on it (indexes, the signing key)
// is done, `ready` from then on, `stopping` from the moment a shutdown signal arrives. GET /ready
// answers it; GET /health (liveness) never looks at it.
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export interface Readiness {
  readonly state: ReadinessState;
  /** Why the process is not ready, in words for the operator; null when ready. */
  readonly reason: string | null;
  /** Still starting: says what it waits for now. */
  waitingFor(reason: string): void;
  markReady(): void;
  /** A shutdown began: never ready again. */
  markStopping(): void;
}

export function createReadiness(initial: 'starting' | 'ready' = 'starting'): Readiness {
  let state: ReadinessState = initial;
  let reason: string | null = initial === 'ready' ? null : 'starting';
  return {
    get state() {
      return state;
    },
    get reason() {
      return reason;
    },
    waitingFor(what) {
      if (state === 'starting') reason = what;
    },
    markReady() {
      if (state !== 'starting') return;
      state = 'ready';
      reason = null;
    },
    markStopping() {
      state = 'stopping';
      reason = 'shutting down: finishing the requests in flight';
    },
  };
}
