// A Uniswap v4 pool's key (currency0, currency1, fee, tickSpacing, hooks): the PoolManager keeps
// none in storage, it only emits it once, in `Initialize(PoolId indexed id, ...)` (v4-core
// PoolManager.sol: "poolkeys are not saved in storage"). The event is found with `onchain.logs`
// filtered by the event and the id topic, window by window (the RPC handler's span), backward from
// the head over `searchBlocks`, or forward from `fromBlock` when the caller knows where the pool was
// initialized. The key found must hash to the pool id (keccak256(abi.encode(key))), so a key read
// once is a fact: it is remembered in a memo (the process's by default), and so is a search that
// found nothing, so that the next one only reads the blocks added since.
import {
  decodeEventLog,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult, unavailableResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import { POOL_KEY_PARAMETERS, UNISWAP_V4_POOL_MANAGER_ABI } from './abis.js';
import { blockWindows, readLogs, type BlockWindow } from './logs.js';

export interface V4PoolKey {
  currency0: Address;
  currency1: Address;
  /** The key's fee: an LP fee in hundredths of a bip, or 0x800000 for a dynamic fee. */
  fee: number;
  tickSpacing: number;
  hooks: Address;
  /** The block of the Initialize event. */
  initializedAt: bigint;
}

export interface PoolKeyMemo {
  keys: Map<string, V4PoolKey>;
  /** Backward searches that found nothing: per `poolManager:id`, the blocks read. */
  searched: Map<string, BlockWindow>;
}

export const createPoolKeyMemo = (): PoolKeyMemo => ({ keys: new Map(), searched: new Map() });
const PROCESS_MEMO = createPoolKeyMemo();

/** Default: one million blocks back from the head (100 windows of the RPC handler's span). */
export const DEFAULT_INITIALIZE_SEARCH_BLOCKS = 1_000_000;
/** Windows read at once after the first. */
const CONCURRENT_WINDOWS = 4;

const INITIALIZE_TOPIC = encodeEventTopics({ abi: UNISWAP_V4_POOL_MANAGER_ABI, eventName: 'Initialize' })[0];

/** keccak256(abi.encode(currency0, currency1, fee, tickSpacing, hooks)): v4-core PoolIdLibrary.toId. */
export const poolIdOf = (key: Omit<V4PoolKey, 'initializedAt'>): Hex =>
  keccak256(
    encodeAbiParameters(POOL_KEY_PARAMETERS, [
      key.currency0,
      key.currency1,
      key.fee,
      key.tickSpacing,
      key.hooks,
    ]),
  );

export interface FindPoolKeyInput {
  poolManager: Address;
  poolId: Hex;
  head: bigint;
  searchBlocks?: number | undefined;
  fromBlock?: bigint | undefined;
  memo?: PoolKeyMemo | undefined;
  capability: string;
  now: number;
}

export async function findV4PoolKey(
  run: RunCapability,
  input: FindPoolKeyInput,
): Promise<{ ok: true; key: V4PoolKey } | { ok: false; result: Result }> {
  const memo = input.memo ?? PROCESS_MEMO;
  const id = input.poolId.toLowerCase() as Hex;
  const known = memo.keys.get(id);
  if (known) return { ok: true, key: known };

  const span = BigInt(Math.max(1, input.searchBlocks ?? DEFAULT_INITIALIZE_SEARCH_BLOCKS));
  const searchKey = `${input.poolManager.toLowerCase()}:${id}`;
  const before = input.fromBlock === undefined ? memo.searched.get(searchKey) : undefined;
  let range: BlockWindow;
  let windows: BlockWindow[];
  if (input.fromBlock !== undefined) {
    const to = input.fromBlock + span - 1n < input.head ? input.fromBlock + span - 1n : input.head;
    range = { from: input.fromBlock, to };
    windows = blockWindows(range.from, range.to, 'forward');
  } else {
    const lo = input.head - span + 1n > 0n ? input.head - span + 1n : 0n;
    // Blocks a previous search read (and found nothing in) are not read again.
    const reuse = before !== undefined && before.from <= lo && before.to >= lo - 1n;
    range = { from: reuse ? before.from : lo, to: reuse && before.to > input.head ? before.to : input.head };
    windows = blockWindows(reuse ? before.to + 1n : lo, input.head, 'backward');
  }

  const topics: Hex[] = [INITIALIZE_TOPIC, id];
  // The first window alone (where a hinted or recent pool is), then a few at once.
  for (let i = 0; i < windows.length; i += i === 0 ? 1 : CONCURRENT_WINDOWS) {
    const batch = windows.slice(i, i === 0 ? 1 : i + CONCURRENT_WINDOWS);
    const answers = await Promise.all(batch.map((w) => readLogs(run, input.poolManager, topics, w)));
    for (const answer of answers) {
      if (!answer.ok) return answer;
      for (const log of answer.logs) {
        let key: V4PoolKey;
        try {
          const event = decodeEventLog({
            abi: UNISWAP_V4_POOL_MANAGER_ABI,
            eventName: 'Initialize',
            topics: log.topics as [Hex, ...Hex[]],
            data: log.data as Hex,
          });
          key = {
            currency0: getAddress(event.args.currency0),
            currency1: getAddress(event.args.currency1),
            fee: event.args.fee,
            tickSpacing: event.args.tickSpacing,
            hooks: getAddress(event.args.hooks),
            initializedAt: BigInt(log.blockNumber),
          };
        } catch {
          continue;
        }
        if (poolIdOf(key) !== id)
          return {
            ok: false,
            result: errorResult(
              'PROVIDER_ERROR',
              `the Initialize event of pool ${id} at block ${log.blockNumber} carries a key that does not hash to the pool id`,
              [],
              input.capability,
            ),
          };
        memo.keys.set(id, key);
        memo.searched.delete(searchKey);
        return { ok: true, key };
      }
    }
  }
  if (input.fromBlock === undefined) memo.searched.set(searchKey, range);
  return {
    ok: false,
    result: unavailableResult({
      capability: input.capability,
      provider: 'none',
      network: 'robinhood',
      now: input.now,
      reason:
        `no Initialize event of the v4 pool ${id} at UNISWAP_V4_POOL_MANAGER ${input.poolManager} ` +
        `in blocks ${range.from}-${range.to}: is PROJECT_TOKEN_POOL a pool of this PoolManager, initialized in that range?`,
    }),
  };
}
