// The ranking provider for all tokens on the chain: Codex `filterTokens` on the
// chain's network, ranked by one of Codex's documented TokenRankingAttribute values
// (https://docs.codex.io/api-reference/input-objects/tokenranking). Scope `chain`: the answer is
// about Robinhood Chain. Market data: the `block` cache class (30 s).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

/** Codex's windows: 5 minutes and 1, 4, 12, 24 hours. */
const WINDOWS = ['5m', '1', '4', '12', '24'] as const;
const windowed = (prefix: string) => WINDOWS.map((w) => `${prefix}${w}`);

/**
 * The TokenRankingAttribute values this capability offers: those whose value the answer also
 * carries (so a ranking can always be read back), all documented by Codex.
 */
export const CODEX_RANK_BY = [
  ...windowed('volume'),
  ...windowed('change'),
  ...windowed('txnCount'),
  ...windowed('buyCount'),
  ...windowed('sellCount'),
  'liquidity',
  'marketCap',
  'circulatingMarketCap',
  'priceUSD',
  'holders',
  'createdAt',
  'lastTransaction',
] as const;

export const rankingsTokens = defineCapability({
  name: 'rankings.tokens',
  group: 'rankings',
  operation: 'tokens',
  summary:
    "Every token on the chain ranked by Codex (volume, price change, liquidity, market cap, transactions, holders, age), with each token's market figures.",
  scope: 'chain',
  params: z
    .object({
      rankBy: z
        .enum(CODEX_RANK_BY)
        .default('volume24')
        .describe(
          'the ranking attribute (Codex TokenRankingAttribute), such as volume24, change24, liquidity',
        ),
      direction: z.enum(['desc', 'asc']).default('desc').describe('desc (highest first, default) or asc'),
      limit: z.number().int().min(1).max(200).default(25).describe('tokens to return, 1 to 200 (default 25)'),
      offset: z.number().int().min(0).max(10_000).optional().describe('skip this many ranked tokens'),
      minLiquidityUsd: z
        .number()
        .nonnegative()
        .optional()
        .describe('only tokens whose top pair holds at least this much liquidity (USD)'),
    })
    .strict(),
  ttl: 'block',
});

export const CODEX_CAPABILITIES = [rankingsTokens] as const;
