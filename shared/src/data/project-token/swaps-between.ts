// The project token's swaps in a block range, oldest first and all of them (docs/bots.md,
// "Alerts (Telegram)": the whale check reads the blocks since its cursor). The same Swap events as
// recent-swaps.ts (v2/v3: the pool's own; v4: the PoolManager's, filtered by the pool id topic;
// decoded in swap-logs.ts), read forward window by window (MAX_LOG_SPAN) through `onchain.logs`.
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { projectTokenUnavailable, type ProjectTokenConfig } from './config.js';
import { blockWindows, readLogs } from './logs.js';
import { resolvePool } from './pool.js';
import type { ProjectTokenReadOptions } from './pool-state.js';
import { oldestFirst, swapLogSource, toSwap } from './swap-logs.js';
import type { PoolToken, PoolVersion, ProjectTokenSwap } from '../../contract/project-token.js';

export const SWAPS_BETWEEN_CAPABILITY = 'projectToken.swapsBetween';

export interface BlockRange {
  fromBlock: bigint;
  toBlock: bigint;
}

export interface SwapsBetween {
  version: PoolVersion;
  pool: string;
  projectToken: PoolToken;
  quoteToken: PoolToken;
  /** Oldest first (block, then log index). */
  swaps: ProjectTokenSwap[];
}

/** Every swap of the project token's pool in [fromBlock, toBlock], or the failed read's answer. */
export async function readSwapsBetween(
  run: RunCapability,
  config: ProjectTokenConfig,
  range: BlockRange,
  options: ProjectTokenReadOptions = {},
): Promise<{ ok: true; value: SwapsBetween } | { ok: false; result: Result }> {
  const now = options.now ?? Date.now;
  const unset = projectTokenUnavailable(config, 'swaps', {
    capability: SWAPS_BETWEEN_CAPABILITY,
    now: now(),
  });
  if (unset) return { ok: false, result: unset };
  const { token, pool: ref } = config;
  if (!token || !ref) throw new Error('unreachable: checked above');
  if (range.toBlock < range.fromBlock || range.fromBlock < 0n)
    return {
      ok: false,
      result: errorResult('INVALID_INPUT', 'fromBlock must be at most toBlock', [], SWAPS_BETWEEN_CAPABILITY),
    };
  const resolved = await resolvePool(
    run,
    { ...config, token, pool: ref },
    { ...options, now, capability: SWAPS_BETWEEN_CAPABILITY, head: range.toBlock },
  );
  if (!resolved.ok) return { ok: false, result: resolved.result };
  const p = resolved.pool;
  const [address, topics] = swapLogSource(config, ref, p);
  const swaps: ProjectTokenSwap[] = [];
  for (const window of blockWindows(range.fromBlock, range.toBlock, 'forward', false)) {
    const read = await readLogs(run, address, topics, window);
    if (!read.ok) return { ok: false, result: read.result };
    for (const log of read.logs) {
      const swap = toSwap(p, log);
      if (swap) swaps.push(swap);
    }
  }
  return {
    ok: true,
    value: {
      version: p.version,
      pool: p.pool,
      projectToken: p.project,
      quoteToken: p.quote,
      swaps: swaps.sort(oldestFirst),
    },
  };
}
