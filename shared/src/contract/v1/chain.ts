// GET /v1/chain (docs/public-api.md): the data behind the /live page (docs/website.md, "Pages"):
// the chain's TVL, the DeFi protocols on it, Hyperliquid's perpetual markets, the newest pools, the
// stock tokens (the /v1/stocks answer) and the prediction-market odds (the /v1/odds answer). Every
// panel is a section (or, for stocks and odds, made of sections) with its own source and time, so
// that one failing source never blanks the others. Browser-safe: zod only.
import * as z from 'zod';
import { v1OddsSchema } from './odds.js';
import { v1PoolSchema } from './screener.js';
import { sectionSchema } from './sections.js';
import { v1StocksSchema } from './stocks.js';

/** The chain's current total value locked, as DefiLlama lists it. */
export const chainTvlSchema = z
  .object({
    /** The chain's name on DefiLlama. */
    chain: z.string(),
    chainId: z.number().int().optional(),
    tvlUsd: z.number(),
  })
  .strict();
export type ChainTvl = z.infer<typeof chainTvlSchema>;

export const chainProtocolSchema = z
  .object({
    name: z.string(),
    slug: z.string().optional(),
    category: z.string().optional(),
    /** TVL on this chain. */
    tvlUsd: z.number(),
    /** Changes of the protocol's total TVL (all chains), in percent. */
    change1dPct: z.number().optional(),
    change7dPct: z.number().optional(),
    url: z.string().optional(),
  })
  .strict();

export const chainProtocolsSchema = z
  .object({
    chain: z.string(),
    /** Protocols DefiLlama lists with TVL on the chain (the list shows the largest). */
    total: z.number().int(),
    protocols: z.array(chainProtocolSchema),
  })
  .strict();
export type ChainProtocols = z.infer<typeof chainProtocolsSchema>;

/** A perpetual market; prices and rates are the decimal strings Hyperliquid sent. */
export const perpMarketSchema = z
  .object({
    name: z.string(),
    markPx: z.string().optional(),
    prevDayPx: z.string().optional(),
    /** Mark price against the price 24 h ago, percent. */
    change24hPct: z.number().optional(),
    /** 24 h volume and open interest in the dex's collateral (USDC on the main dex). */
    volume24hNotional: z.number().optional(),
    openInterestNotional: z.number().optional(),
    /** The current hourly funding rate, a fraction. */
    funding: z.string().optional(),
    maxLeverage: z.number().optional(),
  })
  .strict();

export const perpMarketsSchema = z.object({ markets: z.array(perpMarketSchema) }).strict();
export type PerpMarketsPanel = z.infer<typeof perpMarketsSchema>;

export const newPoolsSchema = z.object({ pools: z.array(v1PoolSchema) }).strict();

export const v1ChainSchema = z
  .object({
    network: z.string(),
    chainId: z.number().int(),
    tvl: sectionSchema(chainTvlSchema),
    protocols: sectionSchema(chainProtocolsSchema),
    perps: sectionSchema(perpMarketsSchema),
    newPools: sectionSchema(newPoolsSchema),
    stocks: v1StocksSchema,
    odds: v1OddsSchema,
  })
  .strict();
export type V1Chain = z.infer<typeof v1ChainSchema>;
