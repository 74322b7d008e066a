// The pool's Swap logs as project-token swaps, shared by recent-swaps.ts (newest first, from the
// head back) and swaps-between.ts (oldest first, over a block range). v2 pairs and v3 pools emit
// `Swap` themselves; v4 swaps are the PoolManager's `Swap` events filtered by the pool id topic.
//
// Direction, from the pool's balance change of the project token (v2: amountIn - amountOut;
// v3: amount0/amount1 are the pool's deltas; v4: the swapper's, so their negation): the pool
// received the project token → `sell`; it paid it out → `buy`. The price is the quote amount per
// project token of that swap, exact.
import { decodeEventLog, encodeEventTopics, formatUnits, type Hex } from 'viem';
import { UNISWAP_V2_PAIR_ABI, UNISWAP_V3_POOL_ABI, UNISWAP_V4_POOL_MANAGER_ABI } from './abis.js';
import type { ProjectTokenConfig, ProjectTokenPool } from './config.js';
import { priceFromAmounts } from './decimal.js';
import type { ChainLog } from './logs.js';
import type { ResolvedPool } from './pool.js';
import type { PoolVersion, ProjectTokenSwap } from '../../contract/project-token.js';

// The Swap events' first topics, hashed on first use: every process that loads the data SDK
// evaluates this module, few read swaps (docs/performance.md, "The cold CLI").
const SWAP_ABIS = { v2: UNISWAP_V2_PAIR_ABI, v3: UNISWAP_V3_POOL_ABI, v4: UNISWAP_V4_POOL_MANAGER_ABI };
const topics = new Map<PoolVersion, Hex>();
const topic0 = (version: PoolVersion): Hex => {
  let topic = topics.get(version);
  if (!topic) {
    topic = encodeEventTopics({ abi: SWAP_ABIS[version], eventName: 'Swap' })[0];
    topics.set(version, topic);
  }
  return topic;
};

/** The address and topics the pool's Swap logs are read with. */
export function swapLogSource(
  config: ProjectTokenConfig,
  ref: ProjectTokenPool,
  p: ResolvedPool,
): [string, (Hex | null)[]] {
  return ref.kind === 'v4' && config.poolManager
    ? [config.poolManager, [topic0('v4'), ref.id]]
    : [p.pool, [topic0(p.version)]];
}

/** The pool's balance changes of token0 and token1 in one Swap log (positive: received). */
function poolDeltas(version: PoolVersion, log: ChainLog): [bigint, bigint] | undefined {
  const raw = { topics: log.topics as [Hex, ...Hex[]], data: log.data as Hex };
  try {
    if (version === 'v2') {
      const { args } = decodeEventLog({ abi: UNISWAP_V2_PAIR_ABI, eventName: 'Swap', ...raw });
      return [args.amount0In - args.amount0Out, args.amount1In - args.amount1Out];
    }
    if (version === 'v3') {
      const { args } = decodeEventLog({ abi: UNISWAP_V3_POOL_ABI, eventName: 'Swap', ...raw });
      return [args.amount0, args.amount1];
    }
    const { args } = decodeEventLog({ abi: UNISWAP_V4_POOL_MANAGER_ABI, eventName: 'Swap', ...raw });
    return [-args.amount0, -args.amount1];
  } catch {
    return undefined;
  }
}

const abs = (n: bigint) => (n < 0n ? -n : n);

/** One Swap log as a swap of the project token, or undefined (undecodable, or no project amount). */
export function toSwap(p: ResolvedPool, log: ChainLog): ProjectTokenSwap | undefined {
  const deltas = poolDeltas(p.version, log);
  if (!deltas) return undefined;
  const [projectDelta, quoteDelta] = p.projectIsToken0 ? deltas : [deltas[1], deltas[0]];
  if (projectDelta === 0n) return undefined;
  const projectRaw = abs(projectDelta);
  const quoteRaw = abs(quoteDelta);
  const price = priceFromAmounts(projectRaw, quoteRaw, {
    project: p.project.decimals,
    quote: p.quote.decimals,
  });
  return {
    side: projectDelta > 0n ? 'sell' : 'buy',
    projectAmount: formatUnits(projectRaw, p.project.decimals),
    quoteAmount: formatUnits(quoteRaw, p.quote.decimals),
    ...(price !== undefined && quoteRaw > 0n ? { priceInQuote: price } : {}),
    txHash: log.transactionHash,
    blockNumber: log.blockNumber,
    logIndex: log.logIndex,
  };
}

/** Oldest first: by block, then by log index (swap the arguments for newest first). */
export const oldestFirst = (a: ProjectTokenSwap, b: ProjectTokenSwap) => {
  const byBlock = BigInt(a.blockNumber) - BigInt(b.blockNumber);
  return byBlock !== 0n ? (byBlock > 0n ? 1 : -1) : a.logIndex - b.logIndex;
};
