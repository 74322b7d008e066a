// Codex GraphQL answers (https://spec.graphql.org/October2021/#sec-Response-Format), with the
// types of Codex's schema (https://graph.codex.io/schema/latest.graphql, copied in
// github.com/Codex-Data/sdk src/resources/schema.graphql): `filterTokens` returns a
// `TokenFilterConnection { results: [TokenFilterResult], count, page }`
// (https://docs.codex.io/api-reference/queries/filtertokens); in `TokenFilterResult` prices,
// volumes, liquidity, market caps and changes are strings ("Decimal format": a change of 0.05 is
// +5 %), counts are Int, times are unix seconds; `token` is an `EnhancedToken` (address, name,
// symbol, decimals, isScam). `getNetworks` returns `[Network { id, name }]`. Every member is
// nullable; only what the layer reads is validated.
import * as z from 'zod';

const dec = z.union([z.string(), z.number()]).nullable().optional();
const int = z.number().nullable().optional();

export const graphqlErrorSchema = z.looseObject({
  message: z.string().nullable().optional(),
  extensions: z.looseObject({ code: z.string().nullable().optional() }).nullable().optional(),
});

/** The GraphQL envelope; `data` is read against the operation's own schema afterwards. */
export const graphqlResponseSchema = z.looseObject({
  data: z.unknown().optional(),
  errors: z.array(graphqlErrorSchema).nullable().optional(),
});

export const tokenFilterResultSchema = z.looseObject({
  priceUSD: dec,
  liquidity: dec,
  marketCap: dec,
  circulatingMarketCap: dec,
  holders: int,
  createdAt: int,
  lastTransaction: int,
  volume5m: dec,
  volume1: dec,
  volume4: dec,
  volume12: dec,
  volume24: dec,
  change5m: dec,
  change1: dec,
  change4: dec,
  change12: dec,
  change24: dec,
  txnCount5m: int,
  txnCount1: int,
  txnCount4: int,
  txnCount12: int,
  txnCount24: int,
  buyCount5m: int,
  buyCount1: int,
  buyCount4: int,
  buyCount12: int,
  buyCount24: int,
  sellCount5m: int,
  sellCount1: int,
  sellCount4: int,
  sellCount12: int,
  sellCount24: int,
  pair: z.looseObject({ address: z.string().nullable().optional() }).nullable().optional(),
  token: z
    .looseObject({
      address: z.string().nullable().optional(),
      name: z.string().nullable().optional(),
      symbol: z.string().nullable().optional(),
      decimals: int,
      isScam: z.boolean().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export const filterTokensDataSchema = z.looseObject({
  filterTokens: z
    .looseObject({
      results: z.array(tokenFilterResultSchema.nullable()).nullable().optional(),
      count: int,
      page: int,
    })
    .nullable()
    .optional(),
});

export const networksDataSchema = z.looseObject({
  getNetworks: z.array(z.looseObject({ id: z.number(), name: z.string().nullable().optional() })),
});

export type GraphqlError = z.infer<typeof graphqlErrorSchema>;
export type TokenFilterResult = z.infer<typeof tokenFilterResultSchema>;
