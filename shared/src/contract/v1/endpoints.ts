// The public read-only API's endpoints (docs/public-api.md): one table that the tRPC procedures,
// the REST adapters and the OpenAPI document are all built from, so that the three never
// disagree. Each endpoint has its path (Express syntax), the schema of its parameters (path
// parameters and query string together; the SPA passes the same object over tRPC), the schema
// of its answer, and how long its answer is kept (the edge headers derive from it).
// Browser-safe: zod only.
import * as z from 'zod';
import { V1_TTLS } from './ttls.js';
import { v1AddressSchema, v1ContractSchema } from './contract.js';
import { v1FilingsSchema, v1SymbolSchema } from './filings.js';
import { v1OddsSchema } from './odds.js';
import { v1StocksSchema } from './stocks.js';
import { v1ChainSchema } from './chain.js';
import { screenerParamsSchema, v1ScreenerSchema } from './screener.js';
import { v1WalletSchema } from './wallet.js';
import { v1TokenLiveSchema, v1TokenSchema } from './token.js';
import { candleParamsSchema, poolCardParamsSchema, v1PoolCardSchema, v1TokenCandlesSchema } from './pool.js';

export interface V1Endpoint {
  /** Express path, e.g. `/v1/contract/:address`. */
  path: string;
  summary: string;
  description: string;
  /** Path parameters and query string in one object. */
  params: z.ZodObject;
  /** The names in `params` that are path parameters (the rest are query parameters). */
  pathParams: readonly string[];
  answer: z.ZodType;
  /** How long an answer is kept by the origin and may be kept at the edge. */
  ttlMs: number;
}

export const V1_ENDPOINTS = {
  contract: {
    path: '/v1/contract/:address',
    summary: 'Contract facts',
    description:
      "A contract's verified name, functions and events from the explorer, and the address's automated security flags.",
    params: z.object({ address: v1AddressSchema }).strict(),
    pathParams: ['address'],
    answer: v1ContractSchema,
    ttlMs: V1_TTLS.contract,
  },
  token: {
    path: '/v1/token',
    summary: 'Project token summary',
    description:
      "The project token's price read from its pool (in the quote token, and in USD where a price source lists the quote token), market cap, supply and burned total read on chain, the pool's liquidity and volume from the DEX market provider, holders and top holders from the explorer (dev wallets, burn addresses and the pool marked), and the official contract.",
    params: z.object({}).strict(),
    pathParams: [],
    answer: v1TokenSchema,
    ttlMs: V1_TTLS.token,
  },
  tokenLive: {
    path: '/v1/token/live',
    summary: 'Project token, live',
    description: "The project token's pool state and its recent swaps, read from the chain.",
    params: z.object({}).strict(),
    pathParams: [],
    answer: v1TokenLiveSchema,
    ttlMs: V1_TTLS.tokenLive,
  },
  tokenCandles: {
    path: '/v1/token/candles',
    summary: 'Project token candles',
    description:
      "Candles of the project token's pool (PROJECT_TOKEN_POOL) from the pool provider, oldest first, prices in USD: hourly by default; day, hour (1, 4, 12) or minute (1, 5, 15) candles, at most 1000.",
    params: candleParamsSchema,
    pathParams: [],
    answer: v1TokenCandlesSchema,
    ttlMs: V1_TTLS.tokenCandles,
  },
  pool: {
    path: '/v1/pool/:network/:address',
    summary: 'One pool',
    description:
      'One pool (or a Uniswap v4 pool id) on a market network as the pool provider lists it: price, liquidity, volume, 24 h change and trade counts; the data behind the pool card.',
    params: poolCardParamsSchema,
    pathParams: ['network', 'address'],
    answer: v1PoolCardSchema,
    ttlMs: V1_TTLS.pool,
  },
  // v1 chain overview row (docs/public-api.md, GET /v1/chain)
  chain: {
    path: '/v1/chain',
    summary: 'Chain overview',
    description:
      "The data behind the /live page: the chain's TVL and largest DeFi protocols, perpetual markets by volume, the newest pools, the stock tokens with their premiums, and the prediction-market odds; every panel with its own source and time.",
    params: z.object({}).strict(),
    pathParams: [],
    answer: v1ChainSchema,
    ttlMs: V1_TTLS.chain,
  },
  // v1 screener and wallet rows (docs/public-api.md, GET /v1/screener, GET /v1/wallet/:address)
  screener: {
    path: '/v1/screener',
    summary: 'New pools with security flags',
    description:
      "The newest pools on the chain from the pool provider, each with its base token's automated security flags (raised, undetermined) or the reason they could not be read; filterable by minimum liquidity, maximum age, and flags to exclude or require.",
    params: screenerParamsSchema,
    pathParams: [],
    answer: v1ScreenerSchema,
    ttlMs: V1_TTLS.screener,
  },
  wallet: {
    path: '/v1/wallet/:address',
    summary: 'Wallet holdings and transfers',
    description:
      "A wallet's token holdings with a USD value only where a price source lists the token (never 0 for an unlisted one), and its recent token transfers.",
    params: z.object({ address: v1AddressSchema }).strict(),
    pathParams: ['address'],
    answer: v1WalletSchema,
    ttlMs: V1_TTLS.wallet,
  },
  // v1 stocks, filings and odds rows (docs/public-api.md; docs/website.md, "Premium", "Filings"
  // and "Odds")
  stocks: {
    path: '/v1/stocks',
    summary: 'Stock token premiums',
    description:
      "Every stock token the issuer lists: the issuer's quote, the stock's last close where the premium needs it, the DEX pools of the issuer's contract, look-alike pools reusing the ticker (left out, counted), and the premium rows (DEX price, reference price, premium, the `last close` flag).",
    params: z.object({}).strict(),
    pathParams: [],
    answer: v1StocksSchema,
    ttlMs: V1_TTLS.stocks,
  },
  filings: {
    path: '/v1/filings/:symbol',
    summary: 'Latest filings',
    description:
      "The regulator filings card of a ticker's registrant (SEC EDGAR): current reports with their items labelled, quarterly and annual reports, ownership filings, insider forms counted over 30 days; `no filer` for a ticker the SEC does not list.",
    params: z.object({ symbol: v1SymbolSchema }).strict(),
    pathParams: ['symbol'],
    answer: v1FilingsSchema,
    ttlMs: V1_TTLS.filings,
  },
  odds: {
    path: '/v1/odds',
    summary: 'Prediction-market odds',
    description:
      "Open prediction-market events tagged Fed or inflation, and stock events naming a listed stock token's ticker; prices as probabilities. Market prices, not a forecast.",
    params: z.object({}).strict(),
    pathParams: [],
    answer: v1OddsSchema,
    ttlMs: V1_TTLS.odds,
  },
} as const satisfies Record<string, V1Endpoint>;

export type V1Name = keyof typeof V1_ENDPOINTS;
export type V1Params<K extends V1Name> = z.infer<(typeof V1_ENDPOINTS)[K]['params']>;
export type V1Answer<K extends V1Name> = z.infer<(typeof V1_ENDPOINTS)[K]['answer']>;
