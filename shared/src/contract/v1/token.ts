// GET /v1/token and GET /v1/token/live (docs/public-api.md): the project token's summary (what
// `/coin`, `/holders`, `/burned` and `/ca` answer: docs/bots.md, "Commands") and its pool read live
// from the chain. Every panel is a section with its own source. Amounts are decimal strings in
// whole tokens, with the raw on-chain integer beside them where one was read; USD amounts from the
// market provider are numbers as it sent them; a member no source gave is absent, never 0.
// Browser-safe: zod only.
import * as z from 'zod';
import { poolTokenSchema, projectTokenPoolStateSchema, projectTokenSwapsSchema } from '../project-token.js';
import { sectionSchema } from './sections.js';

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const integer = z.string().regex(/^\d+$/);
const windows = <T extends z.ZodType>(value: T) =>
  z
    .object({
      m5: value.optional(),
      m15: value.optional(),
      m30: value.optional(),
      h1: value.optional(),
      h6: value.optional(),
      h24: value.optional(),
    })
    .strict();

/** The price read from the chain pool: one project token in the pool's other token. */
export const tokenPriceSchema = projectTokenPoolStateSchema.pick({
  version: true,
  pool: true,
  projectToken: true,
  quoteToken: true,
  priceInQuote: true,
});

/** The price in USD: the pool price times the quote token's USD price, where a source lists it. */
export const tokenPriceUsdSchema = z
  .object({
    /** `price.priceInQuote × quoteUsd`. */
    priceUsd: decimal,
    /** The quote token's USD price from the price source (its value, written without an exponent). */
    quoteUsd: decimal,
    quoteToken: poolTokenSchema,
  })
  .strict();

/** `totalSupply()` and `decimals()` read on chain. */
export const tokenSupplySchema = z
  .object({ decimals: z.number().int(), total: decimal, totalRaw: integer })
  .strict();

const balanceSchema = z
  .object({
    address: z.string(),
    amount: decimal,
    raw: integer,
    /** Percent of the total supply (6 significant digits), when the supply was read. */
    percentOfSupply: decimal.optional(),
  })
  .strict();

/** The balances of the burn addresses, read on chain with `balanceOf`. */
export const tokenBurnedSchema = z
  .object({
    total: decimal,
    totalRaw: integer,
    percentOfSupply: decimal.optional(),
    addresses: z.array(balanceSchema),
  })
  .strict();

/** The dev wallets (PROJECT_DEV_WALLETS) with their balances read on chain. */
export const tokenDevWalletsSchema = z.object({ wallets: z.array(balanceSchema) }).strict();

/** `(total supply − burned) × price`: in the quote token, and in USD when the USD price is known. */
export const tokenMarketCapSchema = z
  .object({
    circulating: decimal,
    inQuote: decimal,
    quoteSymbol: z.string().optional(),
    usd: decimal.optional(),
  })
  .strict();

/** The configured pool as the DEX market provider lists it (liquidity, volume, trades). */
export const tokenMarketSchema = z
  .object({
    pool: z.string(),
    dex: z.string().optional(),
    liquidityUsd: z.number().optional(),
    volumeUsd: windows(z.number()).optional(),
    txns: windows(
      z
        .object({
          buys: z.number(),
          sells: z.number(),
          buyers: z.number().optional(),
          sellers: z.number().optional(),
        })
        .strict(),
    ).optional(),
    priceChangePct: windows(z.number()).optional(),
    url: z.string().optional(),
  })
  .strict();

/** The explorer's holder count of the token. */
export const tokenHoldersSchema = z.object({ count: z.number().int().nonnegative() }).strict();

/** What an address is to the project: a dev wallet, a burn address or the configured pool. */
export const holderRoleSchema = z.enum(['dev', 'burn', 'pool']);

export const tokenTopHoldersSchema = z
  .object({
    holders: z.array(
      z
        .object({
          rank: z.number().int().positive(),
          address: z.string(),
          raw: integer,
          amount: decimal.optional(),
          percentOfSupply: decimal.optional(),
          role: holderRoleSchema.optional(),
          /** The explorer's name of the address (a verified contract's, or a public tag). */
          name: z.string().optional(),
          isContract: z.boolean().optional(),
        })
        .strict(),
    ),
    /** The explorer lists more holders than these. */
    more: z.boolean(),
  })
  .strict();

/** The official contract: the configured address as the explorer indexed it. */
export const tokenContractSchema = z
  .object({
    address: z.string(),
    isContract: z.boolean().optional(),
    verified: z.boolean().optional(),
    /** The verified contract's name (absent unless the explorer verified its source). */
    name: z.string().optional(),
    tokenName: z.string().optional(),
    symbol: z.string().optional(),
  })
  .strict();

export const v1TokenSchema = z
  .object({
    /** PROJECT_TOKEN_ADDRESS; absent when unset. */
    address: z.string().optional(),
    price: sectionSchema(tokenPriceSchema),
    priceUsd: sectionSchema(tokenPriceUsdSchema),
    marketCap: sectionSchema(tokenMarketCapSchema),
    supply: sectionSchema(tokenSupplySchema),
    burned: sectionSchema(tokenBurnedSchema),
    market: sectionSchema(tokenMarketSchema),
    holders: sectionSchema(tokenHoldersSchema),
    topHolders: sectionSchema(tokenTopHoldersSchema),
    devWallets: sectionSchema(tokenDevWalletsSchema),
    contract: sectionSchema(tokenContractSchema),
  })
  .strict();
export type V1Token = z.infer<typeof v1TokenSchema>;

export const v1TokenLiveSchema = z
  .object({
    address: z.string().optional(),
    pool: sectionSchema(projectTokenPoolStateSchema),
    swaps: sectionSchema(projectTokenSwapsSchema),
  })
  .strict();
export type V1TokenLive = z.infer<typeof v1TokenLiveSchema>;
