// The payloads of `perps.markets` and `perps.spot` (Hyperliquid), following the rules of
// market/market-types.ts: a member Hyperliquid did not send (missing, null, "") is absent, never 0,
// "" or "unknown"; prices, sizes and rates stay the decimal strings Hyperliquid sent; notional
// amounts, percents and counts are numbers. Derived members (`openInterestNotional`,
// `change24hPct`, `marketCapNotional`) are computed only from members that were sent.

/** One perpetual market with its live context (`metaAndAssetCtxs`). */
export interface PerpMarket {
  /** The coin as Hyperliquid names it: `BTC`, or `xyz:TSLA` on a builder-deployed dex. */
  name: string;
  szDecimals?: number;
  maxLeverage?: number;
  /** `strictIsolated` or `noCross` when the market restricts margin. */
  marginMode?: string;
  onlyIsolated?: boolean;
  /** Present (true) only when the market is delisted (asked for with `includeDelisted`). */
  delisted?: boolean;
  /** Mark, book mid, oracle and 24 h-ago prices, in the dex's collateral (USDC on the main dex). */
  markPx?: string;
  midPx?: string;
  oraclePx?: string;
  prevDayPx?: string;
  /** The current hourly funding rate, a fraction, as sent (×24×365 for an APR). */
  funding?: string;
  premium?: string;
  /** Open interest in coins, as sent. */
  openInterest?: string;
  /** Open interest × mark price, in the collateral. */
  openInterestNotional?: number;
  /** 24 h notional volume, in the collateral (`dayNtlVlm`). */
  volume24hNotional?: number;
  /** 24 h volume in coins, as sent (`dayBaseVlm`). */
  volume24hBase?: string;
  /** Mark price against the price 24 h ago, percent (12.8 for +12.8 %). */
  change24hPct?: number;
  impactBidPx?: string;
  impactAskPx?: string;
}

/** perps.markets */
export interface PerpMarkets {
  /** The builder-deployed dex asked for; absent for the main dex. */
  dex?: string;
  /** The dex's collateral token (an index into Hyperliquid's spot tokens; 0 is USDC). */
  collateralToken?: number;
  /** Markets by 24 h notional volume, highest first (markets without volume last). */
  markets: PerpMarket[];
}

/** One spot pair with its live context (`spotMetaAndAssetCtxs`). */
export interface SpotPair {
  /** The pair as Hyperliquid names it: `PURR/USDC` for canonical pairs, `@<index>` for the rest. */
  name: string;
  index?: number;
  canonical?: boolean;
  /** Base and quote token names (from the spot token list). */
  base?: string;
  quote?: string;
  baseFullName?: string;
  /** The base token's id (`0x` + 32 hex) and its HyperEVM contract, when it has one. */
  baseTokenId?: string;
  baseEvmContract?: string;
  /** Prices in the quote token, as sent. */
  markPx?: string;
  midPx?: string;
  prevDayPx?: string;
  /** 24 h notional volume in the quote token (`dayNtlVlm`). */
  volume24hNotional?: number;
  /** 24 h volume in the base token, as sent. */
  volume24hBase?: string;
  circulatingSupply?: string;
  totalSupply?: string;
  /** Circulating supply × mark price, in the quote token. */
  marketCapNotional?: number;
  /** Mark price against the price 24 h ago, percent. */
  change24hPct?: number;
}

/** perps.spot */
export interface SpotPairs {
  /** Pairs by 24 h notional volume, highest first (pairs without volume last). */
  pairs: SpotPair[];
}
