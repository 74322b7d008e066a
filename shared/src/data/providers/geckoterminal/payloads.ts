// GeckoTerminal API v2 responses: JSON:API documents (`data`, `included`, `meta`, `errors`).
// Shapes from the CoinGecko on-chain reference, one page per operation:
// https://docs.coingecko.com/reference/networks-list, /dexes-list,
// /token-data-contract-address, /top-pools-contract-address, /top-pools-network,
// /pool-address, /trending-pools-network, /latest-pools-network, /onchain-simple-price,
// /pool-ohlcv-contract-address, /pool-trades-contract-address; and the generated SDK
// github.com/coingecko/coingecko-typescript `src/resources/onchain/**`. Money and prices are
// strings, counts integers; only the members read here are validated.
import * as z from 'zod';

const text = z.string().nullable().optional();
/** Money, prices and percents: strings as sent (numbers accepted, the SDK types are loose). */
const amount = z.union([z.string(), z.number()]).nullable().optional();
const windows = z.record(z.string(), amount).nullable().optional();
const ref = z.looseObject({ id: z.string(), type: z.string().optional() });
const relation = z.looseObject({ data: ref.nullable().optional() }).nullable().optional();

export const txnCountsSchema = z.looseObject({
  buys: z.number().nullable().optional(),
  sells: z.number().nullable().optional(),
  buyers: z.number().nullable().optional(),
  sellers: z.number().nullable().optional(),
});

export const poolSchema = z.looseObject({
  id: z.string(),
  type: z.string().optional(),
  attributes: z.looseObject({
    address: text,
    name: text,
    pool_created_at: text,
    base_token_price_usd: amount,
    base_token_price_quote_token: amount,
    fdv_usd: amount,
    market_cap_usd: amount,
    reserve_in_usd: amount,
    price_change_percentage: windows,
    volume_usd: windows,
    transactions: z.record(z.string(), txnCountsSchema.nullable()).nullable().optional(),
  }),
  relationships: z
    .looseObject({ base_token: relation, quote_token: relation, dex: relation })
    .nullable()
    .optional(),
});
export type Pool = z.infer<typeof poolSchema>;

/** An `included` resource: tokens (address, name, symbol, decimals), dexes or pools. */
export const includedSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type Included = z.infer<typeof includedSchema>;

export const includedTokenSchema = z.looseObject({
  address: z.string(),
  name: text,
  symbol: text,
  decimals: z.number().int().nullable().optional(),
});

const included = z.array(includedSchema).nullable().optional();

export const poolDocumentSchema = z.looseObject({
  // The generated SDK types `data` of /pool-address as an array; the reference shows one resource.
  data: z.union([poolSchema, z.array(poolSchema)]),
  included,
});

export const poolListSchema = z.looseObject({ data: z.array(poolSchema), included });

export const tokenDocumentSchema = z.looseObject({
  data: z.looseObject({
    id: z.string(),
    attributes: z.looseObject({
      address: text,
      name: text,
      symbol: text,
      decimals: z.number().int().nullable().optional(),
      total_supply: text,
      price_usd: text,
      fdv_usd: amount,
      market_cap_usd: amount,
      total_reserve_in_usd: amount,
      volume_usd: windows,
    }),
    relationships: z
      .looseObject({
        top_pools: z
          .looseObject({ data: z.array(ref).nullable().optional() })
          .nullable()
          .optional(),
      })
      .nullable()
      .optional(),
  }),
  included,
});

const byAddress = z.record(z.string(), amount).nullable().optional();

export const simplePriceSchema = z.looseObject({
  data: z.looseObject({
    attributes: z.looseObject({
      token_prices: byAddress,
      market_cap_usd: byAddress,
      h24_volume_usd: byAddress,
      h24_price_change_percentage: byAddress,
      total_reserve_in_usd: byAddress,
      last_trade_timestamp: z.record(z.string(), z.number().nullable()).nullable().optional(),
    }),
  }),
});

const metaToken = z.looseObject({ address: z.string(), name: text, symbol: text }).nullable().optional();

export const ohlcvSchema = z.looseObject({
  data: z.looseObject({
    attributes: z.looseObject({
      ohlcv_list: z.array(z.array(z.union([z.number(), z.string(), z.null()]))),
    }),
  }),
  meta: z.looseObject({ base: metaToken, quote: metaToken }).nullable().optional(),
});

export const tradeListSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      attributes: z.looseObject({
        block_number: z.number().nullable().optional(),
        tx_hash: z.string(),
        tx_from_address: text,
        from_token_amount: z.string(),
        to_token_amount: z.string(),
        price_from_in_usd: text,
        price_to_in_usd: text,
        block_timestamp: z.string(),
        kind: text,
        volume_in_usd: amount,
        from_token_address: z.string(),
        to_token_address: z.string(),
      }),
    }),
  ),
});

export const namedListSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      attributes: z.looseObject({ name: text, coingecko_asset_platform_id: text }).nullable().optional(),
    }),
  ),
});

/** Error documents: `{"errors":[{"status":"404","title":"Not Found"}],"meta":{"ref_id":...}}`. */
export const errorDocumentSchema = z.looseObject({
  errors: z.array(z.looseObject({ status: z.string().optional(), title: z.string().optional() })).optional(),
  status: z.looseObject({ error_message: z.string().optional() }).optional(),
});
