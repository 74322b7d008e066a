// GET /v1/stocks (docs/public-api.md): every stock token the issuer lists, each with the issuer's
// quote, the stock's last close where the premium needs it, the DEX pools of the issuer's
// contract, the look-alike pools reusing the ticker (left out, counted), and the premium rows
// computed from them (docs/website.md, "Premium"). Every input is a section with its own source
// and time; the premium says why when it has no row. Browser-safe: zod only.
import * as z from 'zod';
import { sectionSchema } from './sections.js';

const tokenRefSchema = z
  .object({ address: z.string(), name: z.string().optional(), symbol: z.string().optional() })
  .strict();

/** A DEX pool of the issuer's contract, as the pair provider listed it. */
export const stockPoolSchema = z
  .object({
    address: z.string(),
    dex: z.string().optional(),
    labels: z.array(z.string()).optional(),
    baseToken: tokenRefSchema,
    quoteToken: tokenRefSchema,
    /** The stock token's USD price in this pool; absent where the token is the quote side. */
    priceUsd: z.string().optional(),
    liquidityUsd: z.number().optional(),
    volume24hUsd: z.number().optional(),
    url: z.string().optional(),
  })
  .strict();
export type StockPool = z.infer<typeof stockPoolSchema>;

/** The issuer's quote: the raw underlying bid and ask (not multiplied), as the issuer sent them. */
export const issuerQuoteSchema = z
  .object({
    bid: z.string(),
    ask: z.string(),
    /** (ask - bid) / middle, from the two above. */
    spread: z.number().optional(),
    generatedAt: z.string().optional(),
    isTradingHalt: z.boolean().optional(),
  })
  .strict();
export type IssuerQuote = z.infer<typeof issuerQuoteSchema>;

/** The stock's last regular-session close (USD per share) from the quote provider. */
export const lastCloseSchema = z
  .object({
    price: z.string(),
    /**
     * The member of the provider's quote it is: `price` (the last price, once the session of the
     * quote's time has closed) or `previousClose` (while that session is still open).
     */
    member: z.enum(['price', 'previousClose']),
    /** When the provider last updated the quote. */
    quoteTime: z.string().optional(),
  })
  .strict();
export type LastClose = z.infer<typeof lastCloseSchema>;

/** Pools of other tokens reusing the ticker on the network: left out of the premium, counted. */
export const lookalikesSchema = z
  .object({ pools: z.number().int(), tokens: z.array(tokenRefSchema) })
  .strict();
export type Lookalikes = z.infer<typeof lookalikesSchema>;

export const premiumReferenceSchema = z
  .object({
    /** USD per token. */
    price: z.number(),
    basis: z.enum(['issuer quote', 'last close']),
    spread: z.number().optional(),
  })
  .strict();

/**
 * A premium row (docs/website.md, "Premium"): DEX price, reference price, premium, and the
 * `last close` flag.
 */
export const premiumRowSchema = z
  .object({
    pool: z.string(),
    dex: z.string().optional(),
    source: z.string(),
    liquidityUsd: z.number().optional(),
    dexPrice: z.string(),
    referencePrice: z.number(),
    /** DEX price / reference - 1: 0.01 is a 1 % premium, -0.01 a 1 % discount. */
    premium: z.number(),
    lastClose: z.boolean(),
  })
  .strict();
export type PremiumRowV1 = z.infer<typeof premiumRowSchema>;

/** Computed from the sections beside it; `reason` says why there is no row when there is none. */
export const stockPremiumSchema = z
  .object({
    reference: premiumReferenceSchema.optional(),
    rows: z.array(premiumRowSchema),
    lookalikesExcluded: z.number().int(),
    unpriced: z.number().int(),
    reason: z.string().optional(),
  })
  .strict();
export type StockPremium = z.infer<typeof stockPremiumSchema>;

export const stockTokenSchema = z
  .object({
    symbol: z.string(),
    name: z.string().optional(),
    /** The contract the issuer lists for the symbol on the chain. */
    contract: z.string(),
    /** Shares of the underlying per token (`currentMultiplier`), as the issuer sent it. */
    multiplier: z.string().optional(),
    pendingMultiplier: z
      .object({ multiplier: z.string(), effectiveAt: z.string().optional() })
      .strict()
      .optional(),
    quote: sectionSchema(issuerQuoteSchema),
    /** Present only when the premium needs it: a priced pool and no tight issuer quote. */
    lastClose: sectionSchema(lastCloseSchema).optional(),
    pools: sectionSchema(z.object({ pools: z.array(stockPoolSchema) }).strict()),
    lookalikes: sectionSchema(lookalikesSchema),
    premium: stockPremiumSchema,
  })
  .strict();
export type StockToken = z.infer<typeof stockTokenSchema>;

export const v1StocksSchema = z
  .object({
    network: z.string(),
    chainId: z.number().int(),
    /** The issuer's stock-token list: tokens listed on the chain, and those left out (not active, not on the chain). */
    issuer: sectionSchema(z.object({ listed: z.number().int(), leftOut: z.number().int() }).strict()),
    stocks: z.array(stockTokenSchema),
    /** How many tickers one answer searches for look-alikes (those with the most DEX liquidity first). */
    lookalikeSearchLimit: z.number().int(),
  })
  .strict();
export type V1Stocks = z.infer<typeof v1StocksSchema>;
