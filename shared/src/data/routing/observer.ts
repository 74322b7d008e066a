// What the data client tells its host as it works (docs/data-layer.md, "Observing the client"): a
// lookup of the result cache, each provider call with its outcome and duration, each wait for
// a provider's request budget. The SDK counts nothing itself: a server turns these into its
// metrics. Every value is bounded: provider ids from the provider table and fixed outcomes, never
// a parameter of the request. An observer that throws does not change an answer.

/** What a provider call came to: served live, from the cache, no data, rate limited, or failed. */
export type ProviderCallOutcome = 'live' | 'cached' | 'unavailable' | 'rate_limited' | 'error';

export interface DataObserver {
  /** A cacheable request looked up the result cache. */
  cacheLookup?: (hit: boolean) => void;
  /**
   * A provider call (`provider`: the provider's id, or `none` when no provider could be asked);
   * `seconds` is undefined when nothing was sent upstream (a cached answer, no candidate).
   */
  providerCall?: (provider: string, outcome: ProviderCallOutcome, seconds?: number) => void;
  /** A request waited `seconds` for the provider's client-side request budget. */
  throttleWait?: (provider: string, seconds: number) => void;
}

/** Calls the observer's hook, never letting it throw into the routing. */
export function notify<K extends keyof DataObserver>(
  observer: DataObserver | undefined,
  hook: K,
  ...args: Parameters<NonNullable<DataObserver[K]>>
): void {
  const fn = observer?.[hook] as ((...a: typeof args) => void) | undefined;
  if (!fn) return;
  try {
    fn(...args);
  } catch {
    // an observer's failure is its own: the answer is unchanged
  }
}
