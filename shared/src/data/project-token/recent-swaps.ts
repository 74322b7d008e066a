// The project token's recent swaps read from the chain (docs/public-api.md, GET /v1/token/live; the
// whale alerts of docs/bots.md, "Alerts (Telegram)"): the pool's Swap events over the last `blocks`
// blocks, newest first, at most `limit`. v2 pairs and v3 pools emit `Swap` themselves; v4 swaps are
// the PoolManager's `Swap` events filtered by the pool id topic. The logs are read through
// `onchain.logs` window by window (the RPC handler's span), newest window first, until `limit`
// swaps are found; swap-logs.ts decodes them (direction and price).
import * as z from 'zod';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { projectTokenUnavailable, type ProjectTokenConfig } from './config.js';
import { blockWindows, readLogs } from './logs.js';
import { resolvePool } from './pool.js';
import type { ProjectTokenReadOptions } from './pool-state.js';
import { readHead, type Served } from './reads.js';
import { oldestFirst, swapLogSource, toSwap } from './swap-logs.js';
import type { ProjectTokenSwap, ProjectTokenSwaps } from '../../contract/project-token.js';

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

const newestFirst = (a: ProjectTokenSwap, b: ProjectTokenSwap) => oldestFirst(b, a);

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
  const [address, topics] = swapLogSource(config, ref, p);
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
