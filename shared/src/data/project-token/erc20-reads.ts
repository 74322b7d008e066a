// The project token's ERC-20 views read on chain for its summary (`/coin` and `/burned` of
// docs/bots.md, "Commands"): `totalSupply()` and `decimals()`, and `balanceOf(holder)` of the burn
// addresses and dev wallets. The calls are encoded and decoded by viem with its `erc20Abi` and read
// through `onchain.call` (readCall: eth_call at the head block, with the router's fallback, cache
// and chain-id check). A reading of several calls is one envelope: CACHED when any call was (with
// that call's provenance), else the first call's. A failed call's envelope is returned as it is, so
// that an RPC ERROR passes through unchanged; an empty answer or one that does not decode is a
// PROVIDER_ERROR naming the function and the contract.
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, type Address } from 'viem';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { readCall, type Served } from './reads.js';
import type { ProjectTokenBalances, ProjectTokenSupply } from '../../contract/project-token.js';

const readTotalSupply = (run: RunCapability, token: Address) =>
  readCall(
    run,
    token,
    encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }),
    (data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'totalSupply', data }),
    'totalSupply()',
  );

const readDecimals = (run: RunCapability, token: Address) =>
  readCall(
    run,
    token,
    encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }),
    (data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data }),
    'decimals()',
  );

const readBalanceOf = (run: RunCapability, token: Address, holder: Address) =>
  readCall(
    run,
    token,
    encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
    (data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data }),
    'balanceOf(address)',
  );

/** One envelope for served reads: the first CACHED one's status and provenance, else the first's. */
function combined<T>(reads: readonly Served[], data: T): Result {
  const base = reads.find((r) => r.status === 'CACHED') ?? reads[0];
  if (!base) throw new Error('combined: no read');
  return { ...base, data };
}

/** `totalSupply()` and `decimals()` of `token`: a `ProjectTokenSupply`, or the failed read's envelope. */
export async function readTokenSupply(run: RunCapability, token: Address): Promise<Result> {
  const [total, decimals] = await Promise.all([readTotalSupply(run, token), readDecimals(run, token)]);
  if (!total.ok) return total.result;
  if (!decimals.ok) return decimals.result;
  // viem decodes a uint8 without checking its range.
  if (decimals.value > 255)
    return errorResult(
      'PROVIDER_ERROR',
      `decimals() on ${token} is ${decimals.value}, not a uint8`,
      [],
      'onchain.call',
    );
  return combined<ProjectTokenSupply>([total.result, decimals.result], {
    decimals: decimals.value,
    total: formatUnits(total.value, decimals.value),
    totalRaw: total.value.toString(),
  });
}

/**
 * `balanceOf` of each holder (at least one) on `token`: a `ProjectTokenBalances` in the order
 * asked, or the first failed read's envelope.
 */
export async function readTokenBalances(
  run: RunCapability,
  token: Address,
  holders: readonly Address[],
): Promise<Result> {
  if (holders.length === 0)
    return errorResult('INVALID_INPUT', 'readTokenBalances: no holder to read', [], 'onchain.call');
  const answers = await Promise.all(holders.map((holder) => readBalanceOf(run, token, holder)));
  const reads: Served[] = [];
  const balances: ProjectTokenBalances['balances'] = [];
  for (const [i, answer] of answers.entries()) {
    if (!answer.ok) return answer.result;
    reads.push(answer.result);
    balances.push({ address: holders[i] ?? '', raw: answer.value.toString() });
  }
  return combined<ProjectTokenBalances>(reads, { balances });
}
