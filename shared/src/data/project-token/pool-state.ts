// The project token's pool read on chain (the live pool price of docs/public-api.md,
// GET /v1/token/live): the version, the two tokens, and the project token's price in the quote
// token, computed exactly from the pool's integers: v2 `getReserves()`, v3 `slot0()` (+
// `liquidity()`, `fee()`), v4 StateView `getSlot0(poolId)` and `getLiquidity(poolId)` with the key
// from the PoolManager's Initialize event. Every read goes through the data layer's RPC
// capabilities. The envelope is the price read's (its status and provenance: the RPC provider, the
// head block it was read at); an RPC ERROR passes through as it is, and an unset variable gives
// UNAVAILABLE naming it, before any request.
import { decodeFunctionResult, encodeFunctionData, formatUnits, getAddress } from 'viem';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { compact } from '../compact.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { UNISWAP_V3_POOL_ABI, UNISWAP_V4_STATE_VIEW_ABI } from './abis.js';
import { projectTokenUnavailable, type ProjectTokenConfig } from './config.js';
import { priceFromReserves, priceFromSqrtPriceX96 } from './decimal.js';
import { resolvePool, type ResolvedPool } from './pool.js';
import type { PoolKeyMemo } from './pool-key.js';
import { readCall, type Served } from './reads.js';
import type { ProjectTokenPoolState } from '../../contract/project-token.js';

export const POOL_STATE_CAPABILITY = 'projectToken.pool';

export interface ProjectTokenReadOptions {
  /** Milliseconds since the epoch (UNAVAILABLE timestamps); default Date.now. */
  now?: () => number;
  /** v4: blocks searched back from the head for the pool's Initialize event (default 1,000,000). */
  initializeSearchBlocks?: number;
  /** v4: the block the pool was initialized at, or before it: the search starts there. */
  initializeBlock?: bigint;
  /** v4: the memo of pool keys (default the process's; tests pass their own). */
  poolKeys?: PoolKeyMemo;
}

const V3 = UNISWAP_V3_POOL_ABI;
const STATE_VIEW = UNISWAP_V4_STATE_VIEW_ABI;

const common = (p: ResolvedPool) => ({
  version: p.version,
  pool: p.pool,
  token0: p.token0,
  token1: p.token1,
  projectIsToken0: p.projectIsToken0,
  quoteToken: p.quote,
  projectToken: p.project,
});

const decimalsOf = (p: ResolvedPool) => ({
  projectIsToken0: p.projectIsToken0,
  decimals0: p.projectIsToken0 ? p.project.decimals : p.quote.decimals,
  decimals1: p.projectIsToken0 ? p.quote.decimals : p.project.decimals,
});

const answer = (from: Served, data: ProjectTokenPoolState): Result => ({
  ...from,
  data: compact(data) as ProjectTokenPoolState,
});

type Decimals = ReturnType<typeof decimalsOf>;

/** v2: the price from `getReserves()`, read while resolving the pool. */
function v2State(p: ResolvedPool, d: Decimals, reserves: NonNullable<ResolvedPool['reserves']>): Result {
  const [reserve0, reserve1, blockTimestampLast] = reserves.value;
  const [projectRaw, quoteRaw] = p.projectIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0];
  return answer(reserves.result, {
    ...common(p),
    priceInQuote: priceFromReserves(reserve0, reserve1, d),
    reserves: {
      reserve0: reserve0.toString(),
      reserve1: reserve1.toString(),
      project: formatUnits(projectRaw, p.project.decimals),
      quote: formatUnits(quoteRaw, p.quote.decimals),
      blockTimestampLast,
    },
  });
}

/** v3: the price from `slot0()` (read while resolving the pool), with `liquidity()` and `fee()`. */
async function v3State(
  run: RunCapability,
  p: ResolvedPool,
  d: Decimals,
  slot0: NonNullable<ResolvedPool['slot0']>,
): Promise<Result> {
  const [sqrtPriceX96, tick] = slot0.value;
  const [liquidity, fee] = await Promise.all([
    readCall(
      run,
      p.pool,
      encodeFunctionData({ abi: V3, functionName: 'liquidity' }),
      (data) => decodeFunctionResult({ abi: V3, functionName: 'liquidity', data }),
      'liquidity()',
    ),
    readCall(
      run,
      p.pool,
      encodeFunctionData({ abi: V3, functionName: 'fee' }),
      (data) => decodeFunctionResult({ abi: V3, functionName: 'fee', data }),
      'fee()',
    ),
  ]);
  return answer(slot0.result, {
    ...common(p),
    priceInQuote: priceFromSqrtPriceX96(sqrtPriceX96, d),
    sqrtPriceX96: sqrtPriceX96.toString(),
    tick,
    liquidity: liquidity.ok ? liquidity.value.toString() : undefined,
    fee: fee.ok ? fee.value : undefined,
  });
}

/** v4: StateView `getSlot0(poolId)` and `getLiquidity(poolId)`, the key from the Initialize event. */
async function v4State(
  run: RunCapability,
  p: ResolvedPool,
  d: Decimals,
  config: ProjectTokenConfig,
): Promise<Result> {
  const key = p.key;
  const stateView = config.stateView;
  const ref = config.pool;
  if (!key || !stateView || ref?.kind !== 'v4')
    throw new Error('unreachable: a v4 pool has its key and state view');
  const [slot0, liquidity] = await Promise.all([
    readCall(
      run,
      stateView,
      encodeFunctionData({ abi: STATE_VIEW, functionName: 'getSlot0', args: [ref.id] }),
      (data) => decodeFunctionResult({ abi: STATE_VIEW, functionName: 'getSlot0', data }),
      'getSlot0(poolId)',
    ),
    readCall(
      run,
      stateView,
      encodeFunctionData({ abi: STATE_VIEW, functionName: 'getLiquidity', args: [ref.id] }),
      (data) => decodeFunctionResult({ abi: STATE_VIEW, functionName: 'getLiquidity', data }),
      'getLiquidity(poolId)',
    ),
  ]);
  if (!slot0.ok) return slot0.result;
  const [sqrtPriceX96, tick, , lpFee] = slot0.value;
  if (sqrtPriceX96 === 0n)
    return errorResult(
      'INVALID_INPUT',
      `UNISWAP_V4_STATE_VIEW ${stateView} reads no pool ${ref.id} (sqrtPriceX96 = 0), although UNISWAP_V4_POOL_MANAGER initialized it at block ${key.initializedAt}: do both belong to the same deployment?`,
      [],
      POOL_STATE_CAPABILITY,
    );
  return answer(slot0.result, {
    ...common(p),
    priceInQuote: priceFromSqrtPriceX96(sqrtPriceX96, d),
    sqrtPriceX96: sqrtPriceX96.toString(),
    tick,
    liquidity: liquidity.ok ? liquidity.value.toString() : undefined,
    fee: lpFee,
    tickSpacing: key.tickSpacing,
    hooks: getAddress(key.hooks),
  });
}

export async function readPoolState(
  run: RunCapability,
  config: ProjectTokenConfig,
  options: ProjectTokenReadOptions = {},
): Promise<Result> {
  const now = options.now ?? Date.now;
  const unset = projectTokenUnavailable(config, 'pool-state', {
    capability: POOL_STATE_CAPABILITY,
    now: now(),
  });
  if (unset) return unset;
  const { token, pool: ref } = config;
  if (!token || !ref) throw new Error('unreachable: checked above');

  const resolved = await resolvePool(
    run,
    { ...config, token, pool: ref },
    { ...options, now, capability: POOL_STATE_CAPABILITY },
  );
  if (!resolved.ok) return resolved.result;
  const p = resolved.pool;
  const d = decimalsOf(p);
  if (p.reserves) return v2State(p, d, p.reserves);
  if (p.slot0) return v3State(run, p, d, p.slot0);
  return v4State(run, p, d, config);
}
