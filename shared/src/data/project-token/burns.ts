// The project token's burns in a block range (docs/bots.md, "Alerts (Telegram)": the burn check): the
// ERC-20 `Transfer(from, to, value)` events of the token whose `to` is one of the burn addresses
// (PROJECT_BURN_ADDRESSES), read through `onchain.logs` with the topic filter
// `[Transfer, null, pad(burn address)]`, one read per burn address and block window; oldest first.
import { decodeEventLog, encodeEventTopics, erc20Abi, formatUnits, getAddress, pad, type Hex } from 'viem';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { notConfigured, type ProjectTokenConfig } from './config.js';
import { unavailableResult } from '../result.js';
import { blockWindows, readLogs } from './logs.js';
import { readToken } from './reads.js';
import type { BlockRange } from './swaps-between.js';

export const BURNS_CAPABILITY = 'projectToken.burns';

export interface ProjectTokenBurn {
  /** The sender (checksummed). */
  from: string;
  /** The burn address it went to (checksummed). */
  to: string;
  /** Whole tokens. */
  amount: string;
  raw: string;
  txHash: string;
  blockNumber: string;
  logIndex: number;
}

const TRANSFER = encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer' })[0];

export async function readBurns(
  run: RunCapability,
  config: ProjectTokenConfig,
  range: BlockRange,
  options: { now?: () => number } = {},
): Promise<
  { ok: true; value: { symbol?: string; burns: ProjectTokenBurn[] } } | { ok: false; result: Result }
> {
  const token = config.token;
  if (!token)
    return {
      ok: false,
      result: unavailableResult({
        capability: BURNS_CAPABILITY,
        provider: 'none',
        network: 'robinhood',
        reason: notConfigured(['PROJECT_TOKEN_ADDRESS']),
        now: (options.now ?? Date.now)(),
      }),
    };
  if (range.toBlock < range.fromBlock || range.fromBlock < 0n)
    return {
      ok: false,
      result: errorResult('INVALID_INPUT', 'fromBlock must be at most toBlock', [], BURNS_CAPABILITY),
    };
  const meta = await readToken(run, token);
  if (!meta.ok) return { ok: false, result: meta.result };
  const burns: ProjectTokenBurn[] = [];
  for (const burnAddress of config.burnAddresses) {
    const topics: (Hex | null)[] = [TRANSFER, null, pad(burnAddress.toLowerCase() as Hex, { size: 32 })];
    for (const window of blockWindows(range.fromBlock, range.toBlock, 'forward', false)) {
      const read = await readLogs(run, token, topics, window);
      if (!read.ok) return { ok: false, result: read.result };
      for (const log of read.logs) {
        try {
          const { args } = decodeEventLog({
            abi: erc20Abi,
            eventName: 'Transfer',
            topics: log.topics as [Hex, ...Hex[]],
            data: log.data as Hex,
          });
          burns.push({
            from: getAddress(args.from),
            to: getAddress(args.to),
            amount: formatUnits(args.value, meta.token.decimals),
            raw: args.value.toString(),
            txHash: log.transactionHash,
            blockNumber: log.blockNumber,
            logIndex: log.logIndex,
          });
        } catch {
          // not an ERC-20 Transfer (a node answering other logs): skipped
        }
      }
    }
  }
  burns.sort((a, b) => {
    const byBlock = BigInt(a.blockNumber) - BigInt(b.blockNumber);
    return byBlock !== 0n ? (byBlock > 0n ? 1 : -1) : a.logIndex - b.logIndex;
  });
  return { ok: true, value: { ...(meta.token.symbol ? { symbol: meta.token.symbol } : {}), burns } };
}
