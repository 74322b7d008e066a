// The project token's on-chain readings (read by the data SDK's project-token/: pool-state.ts,
// recent-swaps.ts, erc20-reads.ts), as zod schemas so that the public API can document and
// validate them. Prices and token amounts are
// decimal strings in whole tokens (computed exactly from the chain's integers); raw on-chain
// integers are decimal strings too; a member the chain did not give is absent.
import * as z from 'zod';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const integer = z.string().regex(/^-?\d+$/);

export const poolVersionSchema = z.enum(['v2', 'v3', 'v4']);
export type PoolVersion = z.infer<typeof poolVersionSchema>;

export const poolTokenSchema = z
  .object({ address, symbol: z.string().optional(), decimals: z.number().int().min(0).max(255) })
  .strict();
export type PoolToken = z.infer<typeof poolTokenSchema>;

export const projectTokenPoolStateSchema = z
  .object({
    version: poolVersionSchema,
    /** The pair or pool address (v2, v3), or the pool id (v4). */
    pool: z.string(),
    token0: address,
    token1: address,
    projectIsToken0: z.boolean(),
    quoteToken: poolTokenSchema,
    projectToken: poolTokenSchema,
    /** One project token in quote tokens; absent when the pool holds nothing (no price). */
    priceInQuote: decimal.optional(),
    /** v3, v4: sqrt(token1/token0) × 2^96, raw. */
    sqrtPriceX96: integer.optional(),
    tick: z.number().int().optional(),
    /** v3, v4: the in-range liquidity, raw. */
    liquidity: integer.optional(),
    /** v2: `getReserves()`, raw and in whole tokens. */
    reserves: z
      .object({
        reserve0: integer,
        reserve1: integer,
        project: decimal,
        quote: decimal,
        blockTimestampLast: z.number().int(),
      })
      .strict()
      .optional(),
    /** The LP fee in hundredths of a bip (3000 = 0.3 %): v3 `fee()`, v4 the slot's `lpFee`. */
    fee: z.number().int().optional(),
    /** v4: the pool key's tick spacing and hooks. */
    tickSpacing: z.number().int().optional(),
    hooks: address.optional(),
  })
  .strict();
export type ProjectTokenPoolState = z.infer<typeof projectTokenPoolStateSchema>;

export const projectTokenSwapSchema = z
  .object({
    /** buy: the project token left the pool; sell: it went in. */
    side: z.enum(['buy', 'sell']),
    projectAmount: decimal,
    quoteAmount: decimal,
    priceInQuote: decimal.optional(),
    txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
    blockNumber: integer,
    logIndex: z.number().int().nonnegative(),
  })
  .strict();
export type ProjectTokenSwap = z.infer<typeof projectTokenSwapSchema>;

export const projectTokenSwapsSchema = z
  .object({
    version: poolVersionSchema,
    pool: z.string(),
    projectToken: poolTokenSchema,
    quoteToken: poolTokenSchema,
    /** The blocks read (inclusive); newest swaps first. */
    fromBlock: integer,
    toBlock: integer,
    count: z.number().int().nonnegative(),
    /** More swaps were found in the blocks read than `limit` lets through (the oldest are left out). */
    truncated: z.boolean(),
    swaps: z.array(projectTokenSwapSchema),
  })
  .strict();
export type ProjectTokenSwaps = z.infer<typeof projectTokenSwapsSchema>;

/** An ERC-20's `totalSupply()` and `decimals()` read on chain (erc20-reads.ts). */
export const projectTokenSupplySchema = z
  .object({
    decimals: z.number().int().min(0).max(255),
    /** The total supply in whole tokens. */
    total: decimal,
    totalRaw: integer,
  })
  .strict();
export type ProjectTokenSupply = z.infer<typeof projectTokenSupplySchema>;

/** An ERC-20's `balanceOf` of each holder read on chain, raw, in the order asked (erc20-reads.ts). */
export const projectTokenBalancesSchema = z
  .object({ balances: z.array(z.object({ address, raw: integer }).strict()) })
  .strict();
export type ProjectTokenBalances = z.infer<typeof projectTokenBalancesSchema>;
