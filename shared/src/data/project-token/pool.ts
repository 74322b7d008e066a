// Which pool PROJECT_TOKEN_POOL is, and its two tokens. An address is a v2 pair when it answers
// `getReserves()` and a v3 pool when it answers `slot0()` (both are read at once; the other one
// reverts, as each contract has no such function). A v4 pool id is resolved to its key by the
// PoolManager's Initialize event (pool-key.ts). The project token must be one of the two tokens.
import { decodeFunctionResult, encodeFunctionData, getAddress, type Address } from 'viem';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { UNISWAP_V2_PAIR_ABI, UNISWAP_V3_POOL_ABI } from './abis.js';
import type { ProjectTokenConfig } from './config.js';
import { findV4PoolKey, type PoolKeyMemo, type V4PoolKey } from './pool-key.js';
import { readCall, readHead, readToken, type Read } from './reads.js';
import type { PoolToken, PoolVersion } from '../../contract/project-token.js';

export interface ResolveOptions {
  capability: string;
  now: () => number;
  /** v4: where to look for the Initialize event (pool-key.ts). */
  initializeSearchBlocks?: number | undefined;
  initializeBlock?: bigint | undefined;
  poolKeys?: PoolKeyMemo | undefined;
  /** The head block, when the caller has read it already. */
  head?: bigint | undefined;
}

export interface ResolvedPool {
  version: PoolVersion;
  /** The pair or pool address, or the v4 pool id. */
  pool: string;
  token0: Address;
  token1: Address;
  projectIsToken0: boolean;
  project: PoolToken;
  quote: PoolToken;
  /** The probe that told v2 from v3: its answer is the pool's state. */
  reserves?: Read<readonly [bigint, bigint, number]> & { ok: true };
  slot0?: Read<readonly [bigint, number, number, number, number, number, boolean]> & { ok: true };
  key?: V4PoolKey;
}

type Resolution = { ok: true; pool: ResolvedPool } | { ok: false; result: Result };

const V2 = UNISWAP_V2_PAIR_ABI;
const V3 = UNISWAP_V3_POOL_ABI;

/** token0, token1 and the version of a v2 pair or v3 pool. */
async function resolveAddress(run: RunCapability, pool: Address, capability: string) {
  const [token0, token1, reserves, slot0] = await Promise.all([
    readCall(
      run,
      pool,
      encodeFunctionData({ abi: V2, functionName: 'token0' }),
      (data) => decodeFunctionResult({ abi: V2, functionName: 'token0', data }),
      'token0()',
    ),
    readCall(
      run,
      pool,
      encodeFunctionData({ abi: V2, functionName: 'token1' }),
      (data) => decodeFunctionResult({ abi: V2, functionName: 'token1', data }),
      'token1()',
    ),
    readCall(
      run,
      pool,
      encodeFunctionData({ abi: V2, functionName: 'getReserves' }),
      (data) => decodeFunctionResult({ abi: V2, functionName: 'getReserves', data }),
      'getReserves()',
    ),
    readCall(
      run,
      pool,
      encodeFunctionData({ abi: V3, functionName: 'slot0' }),
      (data) => decodeFunctionResult({ abi: V3, functionName: 'slot0', data }),
      'slot0()',
    ),
  ]);
  if (token0.ok && token1.ok) {
    const tokens = { token0: token0.value, token1: token1.value };
    if (reserves.ok) return { ok: true as const, version: 'v2' as const, ...tokens, reserves };
    if (slot0.ok) return { ok: true as const, version: 'v3' as const, ...tokens, slot0 };
  }
  // An RPC failure is passed through; refusals everywhere mean no such pool.
  for (const read of [token0, token1, reserves, slot0]) if (!read.ok && !read.reverted) return read;
  return {
    ok: false as const,
    result: errorResult(
      'INVALID_INPUT',
      `PROJECT_TOKEN_POOL ${pool} is neither a Uniswap v2 pair nor a v3 pool (its token0(), token1(), getReserves() or slot0() were refused)`,
      [],
      capability,
    ),
  };
}

export async function resolvePool(
  run: RunCapability,
  config: ProjectTokenConfig & { token: Address; pool: NonNullable<ProjectTokenConfig['pool']> },
  options: ResolveOptions,
): Promise<Resolution> {
  let version: PoolVersion;
  let token0: Address;
  let token1: Address;
  let pool: string;
  const extra: Pick<ResolvedPool, 'reserves' | 'slot0' | 'key'> = {};
  if (config.pool.kind === 'address') {
    const found = await resolveAddress(run, config.pool.address, options.capability);
    if (!found.ok) return { ok: false, result: found.result };
    ({ version, token0, token1 } = found);
    if ('reserves' in found) extra.reserves = found.reserves;
    if ('slot0' in found) extra.slot0 = found.slot0;
    pool = config.pool.address;
  } else {
    if (!config.poolManager) throw new Error('resolvePool: a v4 pool needs the PoolManager');
    const head = options.head !== undefined ? { ok: true as const, head: options.head } : await readHead(run);
    if (!head.ok) return head;
    const found = await findV4PoolKey(run, {
      poolManager: config.poolManager,
      poolId: config.pool.id,
      head: head.head,
      searchBlocks: options.initializeSearchBlocks,
      fromBlock: options.initializeBlock,
      memo: options.poolKeys,
      capability: options.capability,
      now: options.now(),
    });
    if (!found.ok) return found;
    version = 'v4';
    token0 = found.key.currency0;
    token1 = found.key.currency1;
    extra.key = found.key;
    pool = config.pool.id;
  }
  token0 = getAddress(token0);
  token1 = getAddress(token1);
  const project = config.token.toLowerCase();
  if (token0.toLowerCase() !== project && token1.toLowerCase() !== project)
    return {
      ok: false,
      result: errorResult(
        'INVALID_INPUT',
        `PROJECT_TOKEN_POOL ${pool} pairs ${token0} and ${token1}, not PROJECT_TOKEN_ADDRESS ${config.token}`,
        [],
        options.capability,
      ),
    };
  const projectIsToken0 = token0.toLowerCase() === project;
  const [first, second] = await Promise.all([readToken(run, token0), readToken(run, token1)]);
  if (!first.ok) return first;
  if (!second.ok) return second;
  return {
    ok: true,
    pool: {
      version,
      pool,
      token0,
      token1,
      projectIsToken0,
      project: projectIsToken0 ? first.token : second.token,
      quote: projectIsToken0 ? second.token : first.token,
      ...extra,
    },
  };
}
