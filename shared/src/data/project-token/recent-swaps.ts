// The project token's recent swaps read from the chain (doc 3: `/v1/token/live`, the whale
// alerts): the pool's Swap events over the last `blocks` blocks, newest first, at most `limit`.
// v2 pairs and v3 pools emit `Swap` themselves; v4 swaps are the PoolManager's `Swap` events
// filtered by the pool id topic. The logs are read through `onchain.logs` window by window (the
// RPC handler's span), newest window first, until `limit` swaps are found.
//
// Direction, from the pool's balance change of the project token (v2: amountIn - amountOut;
// v3: amount0/amount1 are the pool's deltas; v4: the swapper's, so their negation): the pool
// received the project token → `sell`; it paid it out → `buy`. The price is the quote amount per
// project token of that swap, exact.
import { decodeEventLog, encodeEventTopics, formatUnits, type Hex } from 'viem';
import { z } from 'zod';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult } from '../result.js';
import type { Result } from '../result-schema.js';
import { UNISWAP_V2_PAIR_ABI, UNISWAP_V3_POOL_ABI, UNISWAP_V4_POOL_MANAGER_ABI } from './abis.js';
import { projectTokenUnavailable, type ProjectTokenConfig } from './config.js';
import { priceFromAmounts } from './decimal.js';
import { blockWindows, readLogs, type ChainLog } from './logs.js';
import { resolvePool, type ResolvedPool } from './pool.js';
import type { ProjectTokenReadOptions } from './pool-state.js';
import { readHead, type Served } from './reads.js';
import type { ProjectTokenSwap, ProjectTokenSwaps } from './types.js';

export const RECENT_SWAPS_CAPABILITY = 'projectToken.swaps';

export const recentSwapsOptionsSchema = z
  .object({
    /** Blocks read back from the head (default 5,000; at most 100,000). */
    blocks: z.number().int().min(1).max(100_000).default(5_000),
    /** Swaps returned at most (default 50; at most 500). */
    limit: z.number().int().min(1).max(500).default(50),
  })
  .strict();
export type RecentSwapsOptions = z.input<typeof recentSwapsOptionsSchema>;

const topic0 = {
  v2: encodeEventTopics({ abi: UNISWAP_V2_PAIR_ABI, eventName: 'Swap' })[0],
  v3: encodeEventTopics({ abi: UNISWAP_V3_POOL_ABI, eventName: 'Swap' })[0],
  v4: encodeEventTopics({ abi: UNISWAP_V4_POOL_MANAGER_ABI, eventName: 'Swap' })[0],
};

/** The pool's balance changes of token0 and token1 in one Swap log (positive: received). */
function poolDeltas(version: ResolvedPool['version'], log: ChainLog): [bigint, bigint] | undefined {
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

function toSwap(p: ResolvedPool, log: ChainLog): ProjectTokenSwap | undefined {
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

const newestFirst = (a: ProjectTokenSwap, b: ProjectTokenSwap) => {
  const byBlock = BigInt(b.blockNumber) - BigInt(a.blockNumber);
  return byBlock !== 0n ? (byBlock > 0n ? 1 : -1) : b.logIndex - a.logIndex;
};

export async function readRecentSwaps(
  run: RunCapability,
  config: ProjectTokenConfig,
  input: RecentSwapsOptions = {},
  options: ProjectTokenReadOptions = {},
): Promise<Result> {
  const now = options.now ?? Date.now;
  const parsed = recentSwapsOptionsSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`);
    return errorResult('INVALID_INPUT', issues.join('; '), [], RECENT_SWAPS_CAPABILITY);
  }
  const { blocks, limit } = parsed.data;
  const unset = projectTokenUnavailable(config, 'swaps', { capability: RECENT_SWAPS_CAPABILITY, now: now() });
  if (unset) return unset;
  const { token, pool: ref } = config;
  if (!token || !ref) throw new Error('unreachable: checked above');

  const head = await readHead(run);
  if (!head.ok) return head.result;
  const resolved = await resolvePool(
    run,
    { ...config, token, pool: ref },
    { ...options, now, capability: RECENT_SWAPS_CAPABILITY, head: head.head },
  );
  if (!resolved.ok) return resolved.result;
  const p = resolved.pool;

  const lowest = head.head - BigInt(blocks) + 1n > 0n ? head.head - BigInt(blocks) + 1n : 0n;
  const [address, topics] =
    ref.kind === 'v4' && config.poolManager
      ? [config.poolManager, [topic0.v4, ref.id]]
      : [p.pool, [topic0[p.version]]];
  const swaps: ProjectTokenSwap[] = [];
  let newest: Served | undefined;
  let fromBlock = head.head;
  // Newest window first: older windows are read only while fewer than `limit` swaps are found.
  for (const window of blockWindows(lowest, head.head, 'backward', false)) {
    const read = await readLogs(run, address, topics, window);
    if (!read.ok) return read.result;
    newest ??= read.result;
    fromBlock = window.from;
    for (const log of read.logs) {
      const swap = toSwap(p, log);
      if (swap) swaps.push(swap);
    }
    if (swaps.length >= limit) break;
  }
  if (!newest) throw new Error('unreachable: at least one window');
  const listed = swaps.sort(newestFirst).slice(0, limit);
  const data: ProjectTokenSwaps = {
    version: p.version,
    pool: p.pool,
    projectToken: p.project,
    quoteToken: p.quote,
    fromBlock: fromBlock.toString(),
    toBlock: head.head.toString(),
    count: listed.length,
    truncated: swaps.length > listed.length,
    swaps: listed,
  };
  return { ...newest, data, provenance: { ...newest.provenance, blockNumber: head.head.toString() } };
}
