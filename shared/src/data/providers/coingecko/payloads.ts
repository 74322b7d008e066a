// CoinGecko API v3 responses, after the endpoint pages and CoinGecko's own SDK types
// (github.com/coingecko/coingecko-typescript, src/resources/**):
// - GET /simple/price, /simple/token_price/{id}: https://docs.coingecko.com/v3.0.1/reference/simple-price,
//   https://docs.coingecko.com/v3.0.1/reference/simple-token-price (an object keyed by coin id or
//   lower-case contract address; unknown ones are left out)
// - GET /asset_platforms: https://docs.coingecko.com/reference/asset-platforms-list
// - GET /global: https://docs.coingecko.com/v3.0.1/reference/crypto-global
// - GET /coins/{id}/ohlc: https://docs.coingecko.com/v3.0.1/reference/coins-id-ohlc
// - GET /ping: https://docs.coingecko.com/v3.0.1/reference/ping-server
// - GET /onchain/networks/{network}/pools and /onchain/networks/{network}/tokens/{address}/pools:
//   https://docs.coingecko.com/reference/top-pools-network,
//   https://docs.coingecko.com/reference/top-pools-contract-address: GeckoTerminal's JSON:API
//   bodies, read with geckoterminal/payloads.ts
// - error bodies: https://docs.coingecko.com/docs/errors-and-rate-limits
import * as z from 'zod';

const num = z.number().nullable().optional();
const perCurrency = z.record(z.string(), z.number().nullable()).nullable().optional();

export const priceEntrySchema = z.looseObject({
  usd: num,
  usd_market_cap: num,
  usd_24h_vol: num,
  usd_24h_change: num,
  last_updated_at: num,
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;
export const priceMapSchema = z.record(z.string(), priceEntrySchema);

export const assetPlatformsSchema = z.array(
  z.looseObject({
    id: z.string(),
    chain_identifier: z.number().nullable().optional(),
    name: z.string().nullable().optional(),
    native_coin_id: z.string().nullable().optional(),
  }),
);

export const globalSchema = z.looseObject({
  data: z.looseObject({
    active_cryptocurrencies: num,
    markets: num,
    total_market_cap: perCurrency,
    total_volume: perCurrency,
    market_cap_percentage: perCurrency,
    market_cap_change_percentage_24h_usd: num,
    updated_at: num,
  }),
});

/** `[timestamp_ms, open, high, low, close]`; the timestamp is the candle's close. */
export const ohlcSchema = z.array(z.array(z.number()).min(5));

export const pingSchema = z.looseObject({ gecko_says: z.string() });

const statusSchema = z.looseObject({
  error_code: z.number().optional(),
  error_message: z.string().optional(),
});

/**
 * The error bodies seen: `{status: {error_code, error_message}}` (401, 429, and 429 on HTTP 200),
 * the same with `error_code` beside `status`, flat `{error: "..."}` (400, 404), nested
 * `{error: {status: {...}}}`, and the onchain JSON:API `{errors: [{status, title}]}`.
 */
export const errorBodySchema = z.looseObject({
  error_code: z.number().optional(),
  status: statusSchema.optional().catch(undefined),
  error: z
    .union([z.string(), z.looseObject({ status: statusSchema.optional() })])
    .optional()
    .catch(undefined),
  errors: z
    .array(
      z.looseObject({
        status: z.string().optional(),
        title: z.string().optional(),
        detail: z.string().optional(),
      }),
    )
    .optional()
    .catch(undefined),
});
