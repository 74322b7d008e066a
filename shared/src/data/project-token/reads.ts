// Reading contracts through the data layer's RPC capabilities: `onchain.call` (eth_call at the
// head block, with the router's fallback, cache and chain-id check) and `tokens.metadata`. A
// failed read keeps the data layer's envelope, so that an RPC ERROR passes through unchanged.
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { CHAINS } from '../chains.js';
import { errorResult } from '../result.js';
import type { CachedResult, LiveResult, Result } from '../../contract/result-schema.js';
import type { PoolToken } from '../../contract/project-token.js';

export type Served = LiveResult | CachedResult;
export const served = (r: Result): r is Served => r.status === 'LIVE' || r.status === 'CACHED';

export type Read<T> =
  | { ok: true; value: T; result: Served }
  /** `reverted`: the contract refused the call or answered nothing (no such function there). */
  | { ok: false; result: Result; reverted: boolean };

/** The hex an `onchain.call` answer returned. */
function returned(result: Served): Hex | undefined {
  const value = (result.data as { result?: unknown } | null)?.result;
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) ? (value as Hex) : undefined;
}

/** An ERROR envelope of a reverted eth_call (the RPC classifies reverts as refused requests). */
const isRevert = (r: Result) =>
  r.status === 'ERROR' && r.code === 'PROVIDER_ERROR' && /revert/i.test(r.message);

/** eth_call `data` on `to`, decoded by `decode`; `label` names the function in errors. */
export async function readCall<T>(
  run: RunCapability,
  to: string,
  data: Hex,
  decode: (output: Hex) => T,
  label: string,
): Promise<Read<T>> {
  const result = await run('onchain.call', { to, data });
  if (!served(result)) return { ok: false, result, reverted: isRevert(result) };
  const output = returned(result);
  try {
    if (!output || output === '0x') throw new Error('empty');
    return { ok: true, value: decode(output), result };
  } catch {
    return {
      ok: false,
      reverted: true,
      result: errorResult(
        'PROVIDER_ERROR',
        `${label} on ${to}: ${output === '0x' ? 'no answer (no such contract or function)' : 'the answer does not decode'}`,
        [],
        'onchain.call',
      ),
    };
  }
}

/** The chain's native currency as a v4 pool currency (address zero). */
const NATIVE: PoolToken = {
  address: zeroAddress,
  symbol: CHAINS.robinhood.nativeCurrency.symbol,
  decimals: CHAINS.robinhood.nativeCurrency.decimals,
};

/**
 * A pool token's symbol and decimals: `tokens.metadata` (cached as metadata), else `decimals()`
 * read on chain. The symbol is absent when no source gives it; without decimals there is no
 * price, and the failed read's envelope is returned.
 */
export async function readToken(
  run: RunCapability,
  address: Address,
): Promise<{ ok: true; token: PoolToken } | { ok: false; result: Result }> {
  if (address.toLowerCase() === zeroAddress) return { ok: true, token: NATIVE };
  const metadata = await run('tokens.metadata', { token: address });
  const data = served(metadata) ? (metadata.data as { symbol?: unknown; decimals?: unknown }) : {};
  const symbol = typeof data.symbol === 'string' && data.symbol !== '' ? data.symbol : undefined;
  const known = (d: unknown): d is number =>
    typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 255;
  let decimals = known(data.decimals) ? data.decimals : undefined;
  if (decimals === undefined) {
    const read = await readCall(
      run,
      address,
      encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }),
      (output) => decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: output }),
      'decimals()',
    );
    if (!read.ok) return { ok: false, result: read.result };
    decimals = read.value;
  }
  return {
    ok: true,
    token: { address: getAddress(address), ...(symbol !== undefined ? { symbol } : {}), decimals },
  };
}

/** The head block number (`onchain.block` latest), or the failed answer. */
export async function readHead(
  run: RunCapability,
): Promise<{ ok: true; head: bigint } | { ok: false; result: Result }> {
  const block = await run('onchain.block', { block: 'latest' });
  if (!served(block)) return { ok: false, result: block };
  const number = (block.data as { number?: unknown } | null)?.number;
  if (typeof number !== 'string' || !/^\d+$/.test(number))
    return {
      ok: false,
      result: errorResult('PROVIDER_ERROR', 'the head block has no number', [], 'onchain.block'),
    };
  return { ok: true, head: BigInt(number) };
}
