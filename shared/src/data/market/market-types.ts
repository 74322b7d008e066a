// The payloads of the market capabilities, the same whichever provider answers, so that quotes,
// rankings, the CLI and the website read one shape (docs/data-layer.md, "Market data").
// Rules: a member a provider did not return is absent (never 0, "" or "unknown"); prices are
// decimal strings exactly as the provider sent them; USD amounts, percentages and counts are
// numbers; times are ISO 8601; addresses are as the provider returned them.

/** The windows providers report changes, volumes and transaction counts for. */
export type MarketWindow = 'm5' | 'm15' | 'm30' | 'h1' | 'h6' | 'h24';
export const MARKET_WINDOWS: readonly MarketWindow[] = ['m5', 'm15', 'm30', 'h1', 'h6', 'h24'];

export interface MarketTokenRef {
  address: string;
  name?: string;
  symbol?: string;
  decimals?: number;
}

export interface TxnCounts {
  buys: number;
  sells: number;
  buyers?: number;
  sellers?: number;
}

/** A pair (pair provider) or pool (pool provider). */
export interface MarketPool {
  /** The network id as the provider names it. */
  network: string;
  /** Pair or pool address; a Uniswap v4 pool id (32 bytes) where the pool has no address. */
  address: string;
  /** The DEX id as the provider names it. */
  dex?: string;
  name?: string;
  labels?: string[];
  baseToken: MarketTokenRef;
  quoteToken: MarketTokenRef;
  /** Price of the base token in USD. */
  priceUsd?: string;
  /** Price of the base token in the quote token. */
  priceNative?: string;
  liquidityUsd?: number;
  fdvUsd?: number;
  marketCapUsd?: number;
  volumeUsd?: Partial<Record<MarketWindow, number>>;
  /** Percent, e.g. 12.8 for +12.8 %. */
  priceChangePct?: Partial<Record<MarketWindow, number>>;
  txns?: Partial<Record<MarketWindow, TxnCounts>>;
  createdAt?: string;
  /** The provider's web page of the pool. */
  url?: string;
}

/** market.search, market.token_pairs, market.pairs_of_tokens, market.pools, market.trending_pools, market.new_pools. */
export interface PoolList {
  network?: string;
  query?: string;
  token?: string;
  /** market.pairs_of_tokens: the tokens asked for. */
  tokens?: string[];
  page?: number;
  pools: MarketPool[];
}

/** market.token */
export interface MarketToken {
  network: string;
  address: string;
  name?: string;
  symbol?: string;
  decimals?: number;
  totalSupply?: string;
  priceUsd?: string;
  fdvUsd?: number;
  marketCapUsd?: number;
  /** Total liquidity of the token's pools the provider knows (USD). */
  liquidityUsd?: number;
  volumeUsd?: Partial<Record<MarketWindow, number>>;
  /** The provider's main pool of the token. */
  mainPool?: MarketPool;
}

/** market.tokenPrice */
export interface TokenPrice {
  network: string;
  /** The token address, or `native`. */
  address: string;
  symbol?: string;
  priceUsd: string;
  marketCapUsd?: number;
  volume24hUsd?: number;
  priceChange24hPct?: number;
  liquidityUsd?: number;
  /** When the provider last updated the price. */
  updatedAt?: string;
}

/** One candle; `time` is the start of its interval (unix seconds). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

/** market.ohlcv: candles oldest first. */
export interface CandleSeries {
  network: string;
  pool: string;
  timeframe: 'day' | 'hour' | 'minute';
  aggregate: number;
  currency: 'usd' | 'token';
  base?: MarketTokenRef;
  quote?: MarketTokenRef;
  candles: Candle[];
}

export interface Trade {
  blockNumber?: number;
  txHash: string;
  from?: string;
  kind?: 'buy' | 'sell';
  volumeUsd?: number;
  fromToken: { address: string; amount: string };
  toToken: { address: string; amount: string };
  /** USD price of the token bought (kind buy) or sold (kind sell). */
  priceUsd?: string;
  timestamp: string;
}

/** market.trades: newest first. */
export interface TradeList {
  network: string;
  pool: string;
  trades: Trade[];
}
