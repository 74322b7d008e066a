// The payloads of `feeds.list` (Chainlink's feed catalog for the chain) and `feeds.latest`
// (`latestRoundData` read on chain through the RPC providers), following the rules of
// market/market-types.ts: a member the catalog or the feed did not give is absent, never 0, "" or
// "unknown"; on-chain integers are decimal strings; times are ISO 8601; addresses as sent.

/** One feed of the catalog (an entry of the reference-data directory the Chainlink docs render). */
export interface ChainlinkFeed {
  /** As the catalog names it: "Robinhood TSLA / USD". */
  name: string;
  /** The pair: "TSLA / USD". */
  pair?: string;
  base?: string;
  quote?: string;
  /** The catalog's slug: "tsla-usd". */
  path?: string;
  /** The address to read (AggregatorV3Interface). */
  proxyAddress: string;
  secondaryProxyAddress?: string;
  /** The aggregator behind the proxy (`contractAddress`). */
  aggregatorAddress?: string;
  decimals?: number;
  /** Seconds between updates when the price does not move (`heartbeat`). */
  heartbeatS?: number;
  /** The price move, in percent, that triggers an update (`threshold`). */
  deviationThresholdPct?: number;
  assetName?: string;
  feedType?: string;
  feedCategory?: string;
  /** `docs.marketHours`: "us_equities_24/5", "Crypto". */
  marketHours?: string;
  /** `docs.productTypeCode`: "primaryTokenizedPrice". */
  productTypeCode?: string;
}

/** feeds.list */
export interface ChainlinkFeedCatalog {
  feeds: ChainlinkFeed[];
  count: number;
  /** Entries left out: hidden by the docs (`docs.hidden`), without a proxy address, or unreadable (present when any). */
  leftOut?: number;
}

/** feeds.latest */
export interface ChainlinkLatest {
  /** The proxy address read. */
  address: string;
  /** The catalog's name of the feed, when the catalog lists it. */
  feed?: string;
  /** `description()` read on chain: "TSLA / USD". */
  description?: string;
  roundId: string;
  /** `answer` as read: an integer, scaled by 10^decimals. */
  answer: string;
  /** `decimals()` read on chain, else the catalog's. */
  decimals?: number;
  /** `answer / 10^decimals`, exact, when the decimals are known. */
  price?: string;
  startedAt?: string;
  updatedAt: string;
  answeredInRound: string;
  /** Seconds between `updatedAt` and now. */
  ageS: number;
  /** True when `updatedAt` is older than `staleAfterS`. */
  stale: boolean;
  staleAfterS: number;
  /** Where the bound came from: the catalog's heartbeat of the feed, else the `maxAgeS` parameter (default 3600 s). */
  staleBound: 'heartbeat' | 'maxAgeS';
}
