// DexScreener responses, from the API reference https://docs.dexscreener.com/api/reference
// (Markdown: https://docs.dexscreener.com/api/reference.md): "Search for pairs matching query"
// and "Get one or multiple pairs by chain and pair address" answer `{schemaVersion, pairs}`
// (`pairs` nullable on the pair endpoint); "Get one or multiple pairs by token address"
// (`/tokens/v1`) and "Get the pools of a given token address" (`/token-pairs/v1`) answer a bare
// array of Pair objects. Nullability follows the reference's schema (Pair: `labels`, `priceUsd`,
// `priceChange`, `liquidity`, `liquidity.usd`, `fdv`, `marketCap`, `pairCreatedAt` and the quote
// token's name and symbol may be null). Unknown tokens and pairs are a 200 with `pairs: null` or
// `[]`, never a 404; `/tokens/v1`
// was also seen answering `{pairs: null}`, so every list accepts both forms.
import * as z from 'zod';

/** A USD amount, percent or count: a JSON number (a numeric string is accepted too). */
const amount = z.union([z.number(), z.string()]).nullable().optional();
const text = z.string().nullable().optional();

export const tokenRefSchema = z.looseObject({ address: z.string(), name: text, symbol: text });

/** `txns`, `volume`, `priceChange`: maps keyed by window (`m5`, `h1`, `h6`, `h24` live). */
const perWindow = <S extends z.ZodType>(value: S) => z.record(z.string(), value).nullable().optional();

export const pairSchema = z.looseObject({
  chainId: z.string(),
  dexId: text,
  url: text,
  pairAddress: z.string(),
  labels: z.array(z.string()).nullable().optional(),
  baseToken: tokenRefSchema,
  quoteToken: tokenRefSchema,
  priceNative: text,
  priceUsd: text,
  txns: perWindow(z.looseObject({ buys: amount, sells: amount }).nullable()),
  volume: perWindow(amount),
  priceChange: perWindow(amount),
  liquidity: z.looseObject({ usd: amount, base: amount, quote: amount }).nullable().optional(),
  fdv: amount,
  marketCap: amount,
  pairCreatedAt: amount,
});
export type DexPair = z.infer<typeof pairSchema>;

/** `{schemaVersion, pairs}` or a bare array; pairs are validated one by one (pairsOf). */
export const pairListSchema = z.union([
  z.array(z.unknown()),
  z.looseObject({ pairs: z.array(z.unknown()).nullable().optional() }),
]);
export type PairList = z.infer<typeof pairListSchema>;
