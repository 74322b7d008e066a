// Event logs through `onchain.logs` (with its topic filter), over block windows no wider than
// the RPC handler's limit (MAX_LOG_SPAN).
import type { Hex } from 'viem';
import * as z from 'zod';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { MAX_LOG_SPAN } from '../providers/rpc-core/rpc-handlers.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { served, type Served } from './reads.js';

/** A log as `onchain.logs` returns it (viem's formatLog, bigints as decimal strings). */
const logSchema = z.looseObject({
  blockNumber: z.string().regex(/^\d+$/),
  logIndex: z.number().int().nonnegative(),
  transactionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  topics: z.array(z.string()),
  data: z.string(),
  removed: z.boolean().optional(),
});
const logsSchema = z.looseObject({ logs: z.array(logSchema) });
export type ChainLog = z.infer<typeof logSchema>;

export interface BlockWindow {
  from: bigint;
  to: bigint;
}

/**
 * [lo, hi] in windows of at most MAX_LOG_SPAN blocks, newest first (`backward`) or oldest first.
 * `aligned`: cut at multiples of the span (stable cache keys for old blocks); else cut from the
 * end the reading starts at (fewest windows).
 */
export function blockWindows(
  lo: bigint,
  hi: bigint,
  direction: 'backward' | 'forward',
  aligned = true,
): BlockWindow[] {
  const out: BlockWindow[] = [];
  if (hi < lo) return out;
  if (!aligned) {
    if (direction === 'backward')
      for (let to = hi; to >= lo; to -= MAX_LOG_SPAN)
        out.push({ from: to - MAX_LOG_SPAN + 1n > lo ? to - MAX_LOG_SPAN + 1n : lo, to });
    else
      for (let from = lo; from <= hi; from += MAX_LOG_SPAN)
        out.push({ from, to: from + MAX_LOG_SPAN - 1n < hi ? from + MAX_LOG_SPAN - 1n : hi });
    return out;
  }
  for (let k = lo / MAX_LOG_SPAN; k <= hi / MAX_LOG_SPAN; k++) {
    const from = k * MAX_LOG_SPAN > lo ? k * MAX_LOG_SPAN : lo;
    const end = k * MAX_LOG_SPAN + MAX_LOG_SPAN - 1n;
    out.push({ from, to: end < hi ? end : hi });
  }
  return direction === 'backward' ? out.reverse() : out;
}

/** The logs of `address` matching `topics` in one window, or the failed answer. */
export async function readLogs(
  run: RunCapability,
  address: string,
  topics: (Hex | null)[],
  window: BlockWindow,
): Promise<{ ok: true; logs: ChainLog[]; result: Served } | { ok: false; result: Result }> {
  const result = await run('onchain.logs', {
    address,
    fromBlock: window.from.toString(),
    toBlock: window.to.toString(),
    topics,
  });
  if (!served(result)) return { ok: false, result };
  const parsed = logsSchema.safeParse(result.data);
  if (!parsed.success)
    return {
      ok: false,
      result: errorResult('PROVIDER_ERROR', 'onchain.logs: logs without their fields', [], 'onchain.logs'),
    };
  return { ok: true, logs: parsed.data.logs.filter((l) => l.removed !== true), result };
}
