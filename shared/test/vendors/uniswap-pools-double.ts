// A chain double holding Uniswap pools for the project token's on-chain readings: two v2 pairs,
// two v3 pools and two v4 pools (one PoolManager, one StateView), each once with the project
// token as token0 and once as token1. Built on the JSON-RPC double (json-rpc-double.ts): its
// `eth_call` and `eth_getLogs` answer these contracts, ABI-encoded with viem after the contracts'
// own sources (the same ones project-token/abis.ts cites):
// - UniswapV2Pair (v2-core contracts/UniswapV2Pair.sol, interfaces/IUniswapV2Pair.sol):
//   token0(), token1(), getReserves(), event Swap(sender, amount0In, amount1In, amount0Out,
//   amount1Out, to);
// - UniswapV3Pool (v3-core contracts/interfaces/pool/IUniswapV3Pool{State,Immutables,Events}.sol):
//   token0(), token1(), fee(), liquidity(), slot0(), event Swap(sender, recipient, amount0,
//   amount1, sqrtPriceX96, liquidity, tick) with the pool's deltas;
// - v4 PoolManager (v4-core src/interfaces/IPoolManager.sol, src/PoolManager.sol): events
//   Initialize(id, currency0, currency1, fee, tickSpacing, hooks, sqrtPriceX96, tick) and
//   Swap(id, sender, amount0, amount1, sqrtPriceX96, liquidity, tick, fee) with the swapper's
//   deltas (negative = paid in); the pool id is keccak256(abi.encode(poolKey)) (src/types/PoolId.sol);
// - v4 StateView (v4-periphery src/lens/StateView.sol): getSlot0(poolId), getLiquidity(poolId);
//   an unknown pool reads as zeros, as the PoolManager's empty storage does;
// - ERC-20 name(), symbol(), decimals(), totalSupply() and balanceOf(address) of the three tokens.
// Any other function of a known contract reverts (no fallback), an address without code answers
// `0x`. Values are illustrative. The double records every eth_getLogs filter.
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionResult,
  erc20Abi,
  keccak256,
  numberToHex,
  pad,
  parseAbi,
  parseAbiParameters,
  zeroAddress,
  type Abi,
  type Hex,
} from 'viem';
import { HEAD } from './chain-fixtures.js';
import { RpcError, standardMethods, startRpcDouble, type RpcDouble } from './json-rpc-double.js';

export { HEAD };

// ---- Tokens (address order: WETH < PKG < USDC) ----
export const WETH = '0x3333333333333333333333333333333333333333';
export const PKG = '0x5555555555555555555555555555555555555555';
export const USDC = '0x7777777777777777777777777777777777777777';
const TOKENS: Record<string, { name: string; symbol: string; decimals: number; supply: bigint }> = {
  [WETH]: { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18, supply: 5_000n * 10n ** 18n },
  [PKG]: { name: 'Package Token', symbol: 'PKG', decimals: 18, supply: 1_000_000_000n * 10n ** 18n },
  [USDC]: { name: 'USD Coin', symbol: 'USDC', decimals: 6, supply: 9_000_000n * 10n ** 6n },
};

// ---- ABIs (the contracts' own signatures) ----
const V2_PAIR = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
]);
const V3_POOL = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function fee() view returns (uint24)',
  'function liquidity() view returns (uint128)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);
const POOL_MANAGER = parseAbi([
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
]);
const STATE_VIEW = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);

const e18 = 10n ** 18n;
const e6 = 10n ** 6n;
const Q96 = 1n << 96n;
const ROUTER = '0x8888888888888888888888888888888888888888';
const TRADER = '0x9999999999999999999999999999999999999999';

// ---- balances (balanceOf; any other holder has 0) ----
/** A dev wallet and a whale holding PKG. */
export const DEV_WALLET = '0x1212121212121212121212121212121212121212';
export const WHALE = '0x1313131313131313131313131313131313131313';
/** The dead address, where PKG is burned (the zero address holds none). */
export const DEAD = '0x000000000000000000000000000000000000dead';
/** Set a holder's PKG balance (raw units); tests restore it with `setPkgBalance(holder, 0n)`. */
export function setPkgBalance(holder: string, raw: bigint): void {
  (BALANCES[PKG] as Record<string, bigint>)[holder.toLowerCase()] = raw;
}
export const BALANCES: Record<string, Record<string, bigint>> = {
  [PKG]: {
    [DEAD]: 150_000_000n * e18,
    [DEV_WALLET]: 50_000_000n * e18,
    [WHALE]: 20_000_000n * e18,
  },
};

// ---- v2 pairs ----
export const V2_PKG_USDC = {
  address: '0xa2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a20001',
  token0: PKG,
  token1: USDC,
  /** 1,000,000 PKG and 250,000 USDC: 0.25 USDC a PKG. */
  reserve0: 1_000_000n * e18,
  reserve1: 250_000n * e6,
};
export const V2_WETH_PKG = {
  address: '0xa2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a20002',
  token0: WETH,
  token1: PKG,
  /** 30 WETH and 90,000 PKG: 1/3000 WETH a PKG. */
  reserve0: 30n * e18,
  reserve1: 90_000n * e18,
};

// ---- v3 pools ----
export const V3_PKG_USDC = {
  address: '0xa3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a30001',
  token0: PKG,
  token1: USDC,
  /** 2^75: token1/token0 in raw units = 2^-42, i.e. 10^12 / 2^42 USDC a PKG. */
  sqrtPriceX96: 1n << 75n,
  tick: -291_121,
  liquidity: 7_500_000_000_000_000n,
  fee: 3000,
};
/**
 * The v3 pool's hourly candles on the GeckoTerminal double, as
 * https://docs.coingecko.com/reference/pool-ohlcv-contract-address answers them: rows
 * `[timestamp, open, high, low, close, volume]` newest first, with `meta.base` and `meta.quote`.
 * Values are illustrative.
 */
export const PKG_OHLCV = {
  rows: [
    [1788886800, 0.2261, 0.229, 0.2255, 0.2274, 1210.5],
    [1788883200, 0.2248, 0.227, 0.2231, 0.2261, 2045.25],
  ],
  meta: {
    base: { address: PKG, name: 'Package Token', symbol: 'PKG', coingecko_coin_id: null },
    quote: {
      address: V3_PKG_USDC.token1,
      name: 'USD Coin',
      symbol: 'USDC',
      coingecko_coin_id: 'usd-coin',
    },
  },
};

export const V3_WETH_PKG = {
  address: '0xa3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a30002',
  token0: WETH,
  token1: PKG,
  /** 2^97: 4 PKG a WETH, i.e. 0.25 WETH a PKG. */
  sqrtPriceX96: 1n << 97n,
  tick: 13_862,
  liquidity: 42_000_000_000_000_000_000n,
  fee: 10_000,
};

// ---- v4: one PoolManager and its StateView ----
export const V4_POOL_MANAGER = '0x4444444444444444444444444444444444444444';
export const V4_STATE_VIEW = '0x6666666666666666666666666666666666666666';
const HOOKS: Hex = '0x0000000000000000000000000000000000000000';

function v4Pool(input: {
  currency0: string;
  currency1: string;
  fee: number;
  tickSpacing: number;
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  lpFee: number;
  initializedAt: bigint;
}) {
  const id = keccak256(
    encodeAbiParameters(parseAbiParameters('address, address, uint24, int24, address'), [
      input.currency0 as Hex,
      input.currency1 as Hex,
      input.fee,
      input.tickSpacing,
      HOOKS,
    ]),
  );
  return { ...input, hooks: HOOKS, id };
}
/** Native ETH (currency0 = address zero) and PKG: 100 PKG an ETH, i.e. 0.01 ETH a PKG. */
export const V4_ETH_PKG = v4Pool({
  currency0: zeroAddress,
  currency1: PKG,
  fee: 3000,
  tickSpacing: 60,
  sqrtPriceX96: 10n * Q96,
  tick: 46_054,
  liquidity: 123_456_789_000_000_000_000n,
  lpFee: 3000,
  initializedAt: HEAD - 25_000n,
});
/** PKG and USDC: 3·2^76, token1/token0 raw = 9 / 2^40, i.e. 9·10^12 / 2^40 USDC a PKG. */
export const V4_PKG_USDC = v4Pool({
  currency0: PKG,
  currency1: USDC,
  fee: 0x800000,
  tickSpacing: 10,
  sqrtPriceX96: 3n * (1n << 76n),
  tick: -255_870,
  liquidity: 88_000_000_000n,
  lpFee: 500,
  initializedAt: HEAD - 3_000n,
});
/** Another pool of the same PoolManager, whose events must be filtered out by the id topic. */
export const V4_OTHER = v4Pool({
  currency0: WETH,
  currency1: USDC,
  fee: 500,
  tickSpacing: 10,
  sqrtPriceX96: Q96,
  tick: 0,
  liquidity: 1n,
  lpFee: 500,
  initializedAt: HEAD - 100n,
});
const V4_POOLS = [V4_ETH_PKG, V4_PKG_USDC, V4_OTHER];

// ---- logs ----
interface StoredLog {
  address: string;
  topics: Hex[];
  data: Hex;
  blockNumber: bigint;
  logIndex: number;
}

const txHash = (block: bigint, index: number) =>
  `0x${block.toString(16).padStart(16, '0')}${index.toString(16).padStart(48, '0')}` as Hex;

function v2Swap(pair: string, block: bigint, logIndex: number, amounts: [bigint, bigint, bigint, bigint]) {
  return {
    address: pair,
    topics: encodeEventTopics({
      abi: V2_PAIR,
      eventName: 'Swap',
      args: { sender: ROUTER, to: TRADER },
    }) as Hex[],
    data: encodeAbiParameters(parseAbiParameters('uint256, uint256, uint256, uint256'), amounts),
    blockNumber: block,
    logIndex,
  };
}

function v3Swap(pool: typeof V3_PKG_USDC, block: bigint, logIndex: number, amount0: bigint, amount1: bigint) {
  return {
    address: pool.address,
    topics: encodeEventTopics({
      abi: V3_POOL,
      eventName: 'Swap',
      args: { sender: ROUTER, recipient: TRADER },
    }) as Hex[],
    data: encodeAbiParameters(parseAbiParameters('int256, int256, uint160, uint128, int24'), [
      amount0,
      amount1,
      pool.sqrtPriceX96,
      pool.liquidity,
      pool.tick,
    ]),
    blockNumber: block,
    logIndex,
  };
}

function v4Swap(pool: typeof V4_ETH_PKG, block: bigint, logIndex: number, amount0: bigint, amount1: bigint) {
  return {
    address: V4_POOL_MANAGER,
    topics: encodeEventTopics({
      abi: POOL_MANAGER,
      eventName: 'Swap',
      args: { id: pool.id, sender: ROUTER },
    }) as Hex[],
    data: encodeAbiParameters(parseAbiParameters('int128, int128, uint160, uint128, int24, uint24'), [
      amount0,
      amount1,
      pool.sqrtPriceX96,
      pool.liquidity,
      pool.tick,
      pool.lpFee,
    ]),
    blockNumber: block,
    logIndex,
  };
}

function v4Initialize(pool: typeof V4_ETH_PKG): StoredLog {
  return {
    address: V4_POOL_MANAGER,
    topics: encodeEventTopics({
      abi: POOL_MANAGER,
      eventName: 'Initialize',
      args: { id: pool.id, currency0: pool.currency0 as Hex, currency1: pool.currency1 as Hex },
    }) as Hex[],
    data: encodeAbiParameters(parseAbiParameters('uint24, int24, address, uint160, int24'), [
      pool.fee,
      pool.tickSpacing,
      pool.hooks,
      pool.sqrtPriceX96,
      pool.tick,
    ]),
    blockNumber: pool.initializedAt,
    logIndex: 0,
  };
}

/** The swaps each pool emitted, as the tests expect them decoded (newest last here). */
export const SWAP_LOGS: StoredLog[] = [
  // v2 PKG/USDC: a buy of 1,000 PKG for 250 USDC (USDC in, PKG out), then a sell of 400 PKG for
  // 99 USDC; and an older buy, 7,000 blocks back (outside the default 5,000).
  v2Swap(V2_PKG_USDC.address, HEAD - 7_000n, 1, [0n, 10n * e6, 40n * e18, 0n]),
  v2Swap(V2_PKG_USDC.address, HEAD - 10n, 3, [0n, 250n * e6, 1_000n * e18, 0n]),
  v2Swap(V2_PKG_USDC.address, HEAD - 5n, 2, [400n * e18, 0n, 0n, 99n * e6]),
  // v2 WETH/PKG: 1 WETH in, 3,000 PKG out: a buy at 1/3000 WETH.
  v2Swap(V2_WETH_PKG.address, HEAD - 20n, 0, [e18, 0n, 0n, 3_000n * e18]),
  // v3 PKG/USDC (the pool's deltas): 2,000 PKG out for 500 USDC in (buy), then 1,000 PKG in for
  // 240 USDC out (sell).
  v3Swap(V3_PKG_USDC, HEAD - 30n, 7, -2_000n * e18, 500n * e6),
  v3Swap(V3_PKG_USDC, HEAD - 30n, 9, 1_000n * e18, -240n * e6),
  // v3 WETH/PKG: 1 WETH in, 4,000 PKG out (buy at 0.00025 WETH).
  v3Swap(V3_WETH_PKG, HEAD - 40n, 1, e18, -4_000n * e18),
  // v4 ETH/PKG (the swapper's deltas): paid 1 ETH, received 100 PKG (buy); then paid 50 PKG,
  // received 0.5 ETH (sell).
  v4Swap(V4_ETH_PKG, HEAD - 50n, 4, -e18, 100n * e18),
  v4Swap(V4_ETH_PKG, HEAD - 2n, 0, e18 / 2n, -50n * e18),
  // v4 PKG/USDC: received 10 PKG, paid 81.86 USDC (buy).
  v4Swap(V4_PKG_USDC, HEAD - 60n, 5, 10n * e18, -81_860_000n),
  // Another pool of the PoolManager: never a PKG swap.
  v4Swap(V4_OTHER, HEAD - 1n, 0, -e18, 2_000n * e6),
];

/** A pool id whose Initialize event carries a key that does not hash to it (a lying node). */
export const V4_FORGED_ID = keccak256(encodeAbiParameters(parseAbiParameters('string'), ['forged']));

const BASE_LOGS: StoredLog[] = [
  ...V4_POOLS.map(v4Initialize),
  v4Initialize({ ...V4_PKG_USDC, id: V4_FORGED_ID, initializedAt: HEAD - 400n }),
  ...SWAP_LOGS,
];
/** The base logs and those a test added (addSwap, addTransfer); reset() drops the added ones. */
const LOGS: StoredLog[] = [...BASE_LOGS];

/** Overrides a test set (setHead, setSqrtPrice); reset() clears them. */
const overrides: { head?: bigint; sqrtPriceX96: Map<string, bigint> } = { sqrtPriceX96: new Map() };
const headBlock = () => overrides.head ?? HEAD;
const sqrtOf = (pool: { sqrtPriceX96: bigint }, key: string) =>
  overrides.sqrtPriceX96.get(key) ?? pool.sqrtPriceX96;

/** ERC-20 `Transfer(from, to, value)` (EIP-20), emitted by the token contract. */
function transferLog(input: {
  token: string;
  from: string;
  to: string;
  value: bigint;
  block: bigint;
  logIndex: number;
}): StoredLog {
  return {
    address: input.token.toLowerCase(),
    topics: encodeEventTopics({
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { from: input.from as Hex, to: input.to as Hex },
    }) as Hex[],
    data: encodeAbiParameters(parseAbiParameters('uint256'), [input.value]),
    blockNumber: input.block,
    logIndex: input.logIndex,
  };
}

function rpcLog(log: StoredLog) {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: numberToHex(log.blockNumber),
    blockHash: pad(numberToHex(log.blockNumber), { size: 32 }),
    transactionHash: txHash(log.blockNumber, log.logIndex),
    transactionIndex: '0x0',
    logIndex: numberToHex(log.logIndex),
    removed: false,
  };
}

export const swapTxHash = (log: StoredLog) => txHash(log.blockNumber, log.logIndex);

// ---- eth_call ----
const revert = () => {
  throw new RpcError(3, 'execution reverted');
};

function callOn(abi: Abi, data: Hex, answers: Record<string, (args: readonly unknown[]) => unknown>): Hex {
  let decoded: { functionName: string; args?: readonly unknown[] | undefined };
  try {
    decoded = decodeFunctionData({ abi, data });
  } catch {
    return revert();
  }
  const answer = answers[decoded.functionName];
  if (!answer) return revert();
  return encodeFunctionResult({
    abi,
    functionName: decoded.functionName,
    result: answer(decoded.args ?? []),
  });
}

function ethCall(to: string, data: Hex): Hex {
  const token = TOKENS[to];
  if (token)
    return callOn(erc20Abi, data, {
      name: () => token.name,
      symbol: () => token.symbol,
      decimals: () => token.decimals,
      totalSupply: () => token.supply,
      balanceOf: (args) => BALANCES[to]?.[String(args[0]).toLowerCase()] ?? 0n,
    });
  for (const pair of [V2_PKG_USDC, V2_WETH_PKG])
    if (to === pair.address)
      return callOn(V2_PAIR, data, {
        token0: () => pair.token0,
        token1: () => pair.token1,
        getReserves: () => [pair.reserve0, pair.reserve1, 1_760_000_000],
      });
  for (const pool of [V3_PKG_USDC, V3_WETH_PKG])
    if (to === pool.address)
      return callOn(V3_POOL, data, {
        token0: () => pool.token0,
        token1: () => pool.token1,
        fee: () => pool.fee,
        liquidity: () => pool.liquidity,
        slot0: () => [sqrtOf(pool, pool.address), pool.tick, 0, 1, 1, 0, true],
      });
  if (to === V4_STATE_VIEW) {
    const poolOf = (args: readonly unknown[]) => V4_POOLS.find((p) => p.id === String(args[0]).toLowerCase());
    return callOn(STATE_VIEW, data, {
      getSlot0: (args) => {
        const pool = poolOf(args);
        return pool ? [sqrtOf(pool, pool.id), pool.tick, 0, pool.lpFee] : [0n, 0, 0, 0];
      },
      getLiquidity: (args) => poolOf(args)?.liquidity ?? 0n,
    });
  }
  return '0x';
}

export interface LogFilter {
  address: string;
  fromBlock: bigint;
  toBlock: bigint;
  topics?: (string | null)[];
}

export interface UniswapPoolsDouble extends RpcDouble {
  /** Every eth_getLogs filter received, in order. */
  logFilters: LogFilter[];
  /** Every eth_call target and 4-byte selector received, in order. */
  ethCalls: { to: string; selector: string }[];
  /** Moves the head (eth_blockNumber, eth_getBlockByNumber 'latest'); reset() puts HEAD back. */
  setHead: (block: bigint) => void;
  /**
   * Adds a Swap event of a pool: v3/v4 `amount0`/`amount1` in the event's own convention (v3: the
   * pool's deltas; v4: the swapper's); v2 pairs take `amounts` [in0, in1, out0, out1]. Returns
   * the transaction hash. reset() removes it.
   */
  addSwap: (
    pool: typeof V4_ETH_PKG | typeof V3_PKG_USDC | typeof V2_PKG_USDC,
    swap: {
      block: bigint;
      logIndex?: number;
      amount0?: bigint;
      amount1?: bigint;
      amounts?: [bigint, bigint, bigint, bigint];
    },
  ) => Hex;
  /** Adds an ERC-20 Transfer event of `token`; returns the transaction hash. reset() removes it. */
  addTransfer: (transfer: {
    token: string;
    from: string;
    to: string;
    value: bigint;
    block: bigint;
    logIndex?: number;
  }) => Hex;
  /** Sets a v3 pool's (by address) or v4 pool's (by id) sqrtPriceX96; reset() restores it. */
  setSqrtPrice: (poolOrId: string, sqrtPriceX96: bigint) => void;
  /** Forgets requests and puts back the head, prices and logs (other suites rely on the defaults). */
  reset: () => void;
}

export async function startUniswapPoolsDouble(): Promise<UniswapPoolsDouble> {
  const logFilters: LogFilter[] = [];
  const ethCalls: { to: string; selector: string }[] = [];
  const double = await startRpcDouble({
    path: '/',
    authorize: () => undefined,
    methods: (self) => {
      const standard = standardMethods(self);
      const latest = standard.eth_getBlockByNumber as (p: unknown[]) => unknown;
      return {
        eth_blockNumber: () => numberToHex(headBlock()),
        eth_getBlockByNumber: (params) => {
          const [tag] = params as [string];
          if (overrides.head === undefined) return latest(params);
          const n = tag === 'latest' ? overrides.head : BigInt(tag);
          if (n > overrides.head) return null;
          return {
            ...(latest([numberToHex(n < HEAD ? n : HEAD)]) as Record<string, unknown>),
            number: numberToHex(n),
            hash: pad(numberToHex(n), { size: 32 }),
          };
        },
        eth_call: (params) => {
          const [call] = params as [{ to?: string; data: Hex }];
          // A call without `to` deploys code for the call only (ERC-6492 signature checks):
          // this chain runs no bytecode, so it reverts as a node does for code that fails.
          if (call.to === undefined) return revert();
          const to = call.to.toLowerCase();
          ethCalls.push({ to, selector: call.data.slice(0, 10) });
          return ethCall(to, call.data);
        },
        eth_getLogs: (params) => {
          const [raw] = params as [
            { address: string; fromBlock: string; toBlock: string; topics?: (string | null)[] },
          ];
          const filter: LogFilter = {
            address: raw.address.toLowerCase(),
            fromBlock: BigInt(raw.fromBlock),
            toBlock: BigInt(raw.toBlock),
            ...(raw.topics ? { topics: raw.topics } : {}),
          };
          logFilters.push(filter);
          const known = LOGS.some((l) => l.address === filter.address);
          if (!known) return (standard.eth_getLogs as (p: unknown[]) => unknown)(params);
          return LOGS.filter(
            (l) =>
              l.address === filter.address &&
              l.blockNumber >= filter.fromBlock &&
              l.blockNumber <= filter.toBlock &&
              (filter.topics ?? []).every(
                (t, i) => t === null || l.topics[i]?.toLowerCase() === t.toLowerCase(),
              ),
          ).map(rpcLog);
        },
      };
    },
  });
  let nextLogIndex = 100;
  const add = (log: StoredLog) => {
    LOGS.push(log);
    return txHash(log.blockNumber, log.logIndex);
  };
  return Object.assign(double, {
    logFilters,
    ethCalls,
    setHead: (block: bigint) => {
      overrides.head = block;
    },
    addSwap: (
      pool: typeof V4_ETH_PKG | typeof V3_PKG_USDC | typeof V2_PKG_USDC,
      swap: {
        block: bigint;
        logIndex?: number;
        amount0?: bigint;
        amount1?: bigint;
        amounts?: [bigint, bigint, bigint, bigint];
      },
    ) => {
      const logIndex = swap.logIndex ?? nextLogIndex++;
      if ('id' in pool)
        return add(v4Swap(pool, swap.block, logIndex, swap.amount0 ?? 0n, swap.amount1 ?? 0n));
      if ('sqrtPriceX96' in pool)
        return add(v3Swap(pool, swap.block, logIndex, swap.amount0 ?? 0n, swap.amount1 ?? 0n));
      return add(v2Swap(pool.address, swap.block, logIndex, swap.amounts ?? [0n, 0n, 0n, 0n]));
    },
    addTransfer: (transfer: {
      token: string;
      from: string;
      to: string;
      value: bigint;
      block: bigint;
      logIndex?: number;
    }) => add(transferLog({ ...transfer, logIndex: transfer.logIndex ?? nextLogIndex++ })),
    setSqrtPrice: (poolOrId: string, sqrtPriceX96: bigint) => {
      overrides.sqrtPriceX96.set(poolOrId.toLowerCase(), sqrtPriceX96);
    },
    reset: () => {
      LOGS.length = 0;
      LOGS.push(...BASE_LOGS);
      delete overrides.head;
      overrides.sqrtPriceX96.clear();
      nextLogIndex = 100;
      logFilters.length = 0;
      ethCalls.length = 0;
      double.calls.length = 0;
      double.failNext.length = 0;
      double.failAll = undefined;
    },
  });
}
