// What the server counts (docs/operator.md, "Metrics"), as a small typed interface: the wings, the
// caches and the HTTP layer record through it and know nothing of how it is exported. One
// implementation (prometheus-metrics.ts) keeps it in a Prometheus registry of the app's own.
// Every label value is one of a bounded set (a route pattern, a provider id, a command name, an
// outcome): never a package name, an address, a token or any other value a caller chose.

/** The caches whose lookups are counted. */
export type CacheName =
  | 'packages'
  | 'version_lists'
  | 'versions'
  | 'package_responses'
  | 'version_responses'
  | 'v1_answers'
  | 'data_results'
  | 'package_pages';

/** What a data-provider call came to (docs/operator.md, "Metrics"). */
export type ProviderOutcome = 'live' | 'cached' | 'unavailable' | 'rate_limited' | 'error';

/** How a publish was authenticated: a token, or an ID token exchanged through OIDC. */
export type PublishAuth = 'token' | 'oidc';

/** The install-verification reads: the signing keys, the log's checkpoint, its proofs and entries. */
export type TrustRead = 'keys' | 'checkpoint' | 'entry' | 'inclusion' | 'consistency';

export interface Metrics {
  /** One HTTP request answered: its route pattern (never the raw path), method and status. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** Bytes of artifacts streamed to a client. */
  artifactBytes(bytes: number): void;
  cacheLookup(cache: CacheName, hit: boolean): void;
  /** One data-provider call (or a cached answer); `seconds` undefined when nothing was asked upstream. */
  providerCall(provider: string, outcome: ProviderOutcome, seconds?: number): void;
  /** A request that waited for a provider's client-side request budget. */
  throttleWait(provider: string, seconds: number): void;
  /** One store command: its name and whether it succeeded. */
  storeCommand(command: string, ok: boolean, seconds: number): void;
  /** The store's connection pool: connections checked out (+1/-1) and open (+1/-1). */
  storePool(change: { checkedOut?: number; open?: number }): void;
  /** Whether this process holds the bots' schedule lease. */
  botLeader(leader: boolean): void;
  /** One alert check run by the leader: `ok` or `failed`. */
  alertCheck(check: string, ok: boolean): void;
  /** One publish answered: `published` or the registry's error code, by how it was authenticated. */
  publish(outcome: string, auth: PublishAuth): void;
  trustRead(read: TrustRead): void;
  /** One transparency-log append: its entry kind and whether it was stored. */
  logAppend(kind: string, ok: boolean): void;
}
