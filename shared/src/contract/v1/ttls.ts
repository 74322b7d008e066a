// How long each `/v1` answer is kept by the origin and may be kept at the edge (docs/public-api.md),
// apart from the endpoint table so that the website's first bundle reads the refresh intervals
// without the answers' schemas. Plain numbers: no zod.

/** The data layer's TTLs (docs/data-layer.md, "Cache") that the endpoints follow. */
export const V1_TTL = {
  head: 5_000,
  market: 30_000,
  indexed: 15_000,
  verified: 600_000,
  web: 300_000,
} as const;

/** Each endpoint's TTL, by its name in V1_ENDPOINTS. */
export const V1_TTLS = {
  contract: V1_TTL.verified,
  // The data layer's 30 s for prices and DEX market data (its market and USD panels are no
  // fresher); the live price and swaps are /v1/token/live's.
  token: V1_TTL.market,
  // The data layer's 5 s for reads at the head block (eth_call): shorter than the embed card's
  // 15 s refresh, so that every refresh gets a new reading.
  tokenLive: V1_TTL.head,
  // Candles are DEX market data: 30 s in the data layer.
  tokenCandles: V1_TTL.market,
  // A pool is DEX market data: 30 s in the data layer.
  pool: V1_TTL.market,
  // Every panel but the issuer's list is DEX market data or a live price (30 s in the data
  // layer: DefiLlama, Hyperliquid, Polymarket and the new pools are all of that class).
  chain: V1_TTL.market,
  // The pool list is DEX market data (30 s in the data layer); the security reports it joins
  // are kept 10 minutes there, so a rebuild within that time asks only for the list again.
  screener: V1_TTL.market,
  // Prices and transfers are kept 30 s by the data layer (balances 5 s): a holding's value is
  // only as fresh as its price, so the answer follows the price data.
  wallet: V1_TTL.market,
  // The issuer's quotes, the quote provider's quotes and the DEX pools are all kept 30 s by the
  // data layer (prices and DEX market data); the list of tokens (10 minutes) changes more slowly.
  stocks: V1_TTL.market,
  // A registrant's submissions are kept 10 minutes by the data layer (the metadata class, the
  // same 10 minutes as verified sources); its ticker list 1 hour.
  filings: V1_TTL.verified,
  // Event prices are kept 30 s by the data layer (prices).
  odds: V1_TTL.market,
} as const;
