// The project token read on chain, through the real data client (the public RPC provider) against
// a chain double holding Uniswap v2, v3 and v4 pools (test/vendors/uniswap-pools-double.ts): the
// configuration's parsing and its UNAVAILABLE answers (before any request), the price of each
// pool version in both token orders against values worked out by hand from the double's numbers,
// the v4 pool key from the PoolManager's Initialize event, recent swaps decoded with their side
// and amounts, and RPC failures passed through as the RPC's ERROR envelope.
import { encodeEventTopics, getAddress, parseAbi } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import {
  createPoolKeyMemo,
  projectTokenConfigSchema,
  projectTokenPoolStateSchema,
  projectTokenSwapsSchema,
  ratioToDecimal,
  readPoolState,
  readRecentSwaps,
  type ProjectTokenConfig,
} from '../../src/data/project-token/index.js';
import { MAX_LOG_SPAN } from '../../src/data/providers/rpc-core/rpc-handlers.js';
import { PROVIDERS } from '../../src/data/providers/provider-table.js';
import { resultSchema, type Result } from '../../src/contract/result-schema.js';
import { publicRpcReplies } from '../vendors/public-rpc-server.js';
import {
  HEAD,
  PKG,
  SWAP_LOGS,
  USDC,
  V2_PKG_USDC,
  V2_WETH_PKG,
  V3_PKG_USDC,
  V3_WETH_PKG,
  V4_ETH_PKG,
  V4_FORGED_ID,
  V4_OTHER,
  V4_POOL_MANAGER,
  V4_PKG_USDC,
  V4_STATE_VIEW,
  WETH,
  startUniswapPoolsDouble,
  swapTxHash,
  type UniswapPoolsDouble,
} from '../vendors/uniswap-pools-double.js';
import { fakeClock } from './doubles.js';

const publicRpc = PROVIDERS.find((p) => p.id === 'public-rpc');
if (!publicRpc) throw new Error('the provider table has no public-rpc');

const INITIALIZE_TOPIC = encodeEventTopics({
  abi: parseAbi([
    'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  ]),
  eventName: 'Initialize',
})[0];

let d: UniswapPoolsDouble;
beforeAll(async () => {
  d = await startUniswapPoolsDouble();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

function client() {
  return createDataClient({
    env: { PUBLIC_RPC_URL: d.url, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [publicRpc as NonNullable<typeof publicRpc>],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
}

const config = (vars: Record<string, string>): ProjectTokenConfig => projectTokenConfigSchema.parse(vars);
const v4Vars = { UNISWAP_V4_POOL_MANAGER: V4_POOL_MANAGER, UNISWAP_V4_STATE_VIEW: V4_STATE_VIEW };

/** A reading through a fresh client, with a fresh memo of v4 pool keys. */
async function poolState(vars: Record<string, string>, options: Parameters<typeof readPoolState>[2] = {}) {
  const c = client();
  try {
    return await readPoolState(c.run, config(vars), { poolKeys: createPoolKeyMemo(), ...options });
  } finally {
    await c.close();
  }
}
async function recentSwaps(vars: Record<string, string>, input: Parameters<typeof readRecentSwaps>[2] = {}) {
  const c = client();
  try {
    return await readRecentSwaps(c.run, config(vars), input, { poolKeys: createPoolKeyMemo() });
  } finally {
    await c.close();
  }
}

function served(result: Result) {
  expect(resultSchema.parse(result)).toEqual(result);
  if (result.status !== 'LIVE' && result.status !== 'CACHED') throw new Error(JSON.stringify(result));
  return result;
}

describe('configuration', () => {
  test('the variables become addresses, a pool id or address, and lists with the burn default', () => {
    expect(
      config({
        PROJECT_TOKEN_ADDRESS: ` ${PKG} `,
        PROJECT_TOKEN_POOL: V4_ETH_PKG.id.toUpperCase().replace('0X', '0x'),
        UNISWAP_V4_POOL_MANAGER: V4_POOL_MANAGER,
        UNISWAP_V4_STATE_VIEW: V4_STATE_VIEW,
        PROJECT_DEV_WALLETS: `${WETH}, ${USDC},,${WETH}`,
        OTHER_VARIABLE: 'ignored',
      }),
    ).toEqual({
      token: '0x5555555555555555555555555555555555555555',
      pool: { kind: 'v4', id: V4_ETH_PKG.id },
      poolManager: '0x4444444444444444444444444444444444444444',
      stateView: '0x6666666666666666666666666666666666666666',
      devWallets: [WETH, USDC],
      burnAddresses: [
        '0x0000000000000000000000000000000000000000',
        '0x000000000000000000000000000000000000dEaD',
      ],
    });
    expect(
      config({
        PROJECT_TOKEN_POOL: V2_PKG_USDC.address,
        PROJECT_BURN_ADDRESSES: '0x000000000000000000000000000000000000dead',
      }),
    ).toMatchObject({
      token: undefined,
      pool: { kind: 'address', address: getAddress(V2_PKG_USDC.address) },
      devWallets: [],
      burnAddresses: ['0x000000000000000000000000000000000000dEaD'],
    });
    expect(config({ PROJECT_TOKEN_ADDRESS: '  ', PROJECT_TOKEN_POOL: '' })).toMatchObject({
      token: undefined,
      pool: undefined,
    });
  });

  test('a malformed value is refused, naming its variable', () => {
    const refused = (vars: Record<string, string>) => {
      const parsed = projectTokenConfigSchema.safeParse(vars);
      expect(parsed.success).toBe(false);
      return parsed.error?.issues.map((i) => i.path.join('.'));
    };
    expect(refused({ PROJECT_TOKEN_ADDRESS: '0x1234' })).toEqual(['PROJECT_TOKEN_ADDRESS']);
    expect(refused({ PROJECT_TOKEN_POOL: `0x${'a'.repeat(50)}` })).toEqual(['PROJECT_TOKEN_POOL']);
    expect(refused({ PROJECT_DEV_WALLETS: `${WETH},not-an-address` })).toEqual(['PROJECT_DEV_WALLETS']);
  });
});

describe('not configured: UNAVAILABLE naming the variable, and no request', () => {
  test.each([
    [
      'PROJECT_TOKEN_ADDRESS unset',
      { PROJECT_TOKEN_POOL: V2_PKG_USDC.address },
      'not configured (PROJECT_TOKEN_ADDRESS)',
    ],
    ['PROJECT_TOKEN_POOL unset', { PROJECT_TOKEN_ADDRESS: PKG }, 'not configured (PROJECT_TOKEN_POOL)'],
    ['nothing set', {}, 'not configured (PROJECT_TOKEN_ADDRESS, PROJECT_TOKEN_POOL)'],
  ])('%s', async (_name, vars, reason) => {
    for (const result of [await poolState(vars), await recentSwaps(vars)]) {
      expect(resultSchema.parse(result)).toEqual(result);
      expect(result).toMatchObject({
        status: 'UNAVAILABLE',
        code: 'CAPABILITY_UNAVAILABLE',
        reason,
        network: 'robinhood',
      });
    }
    expect(d.calls).toEqual([]);
  });

  test('a v4 pool without the state view names UNISWAP_V4_STATE_VIEW; without the PoolManager, UNISWAP_V4_POOL_MANAGER', async () => {
    const base = { PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_ETH_PKG.id };
    expect(await poolState({ ...base, UNISWAP_V4_POOL_MANAGER: V4_POOL_MANAGER })).toMatchObject({
      status: 'UNAVAILABLE',
      capability: 'projectToken.pool',
      reason: 'not configured (UNISWAP_V4_STATE_VIEW)',
    });
    expect(await poolState({ ...base, UNISWAP_V4_STATE_VIEW: V4_STATE_VIEW })).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'not configured (UNISWAP_V4_POOL_MANAGER)',
    });
    expect(await poolState(base)).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'not configured (UNISWAP_V4_POOL_MANAGER, UNISWAP_V4_STATE_VIEW)',
    });
    expect(await recentSwaps(base)).toMatchObject({
      status: 'UNAVAILABLE',
      capability: 'projectToken.swaps',
      reason: 'not configured (UNISWAP_V4_POOL_MANAGER)',
    });
    expect(d.calls).toEqual([]);
  });
});

describe('pool state: the price worked out by hand from the double', () => {
  test('v2, project token as token0: 250,000 USDC / 1,000,000 PKG = 0.25', async () => {
    const result = served(
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_PKG_USDC.address }),
    );
    expect(projectTokenPoolStateSchema.parse(result.data)).toEqual({
      version: 'v2',
      pool: getAddress(V2_PKG_USDC.address),
      token0: '0x5555555555555555555555555555555555555555',
      token1: '0x7777777777777777777777777777777777777777',
      projectIsToken0: true,
      projectToken: { address: '0x5555555555555555555555555555555555555555', symbol: 'PKG', decimals: 18 },
      quoteToken: { address: '0x7777777777777777777777777777777777777777', symbol: 'USDC', decimals: 6 },
      priceInQuote: '0.25',
      reserves: {
        reserve0: (1_000_000n * 10n ** 18n).toString(),
        reserve1: (250_000n * 10n ** 6n).toString(),
        project: '1000000',
        quote: '250000',
        blockTimestampLast: 1_760_000_000,
      },
    });
    expect(result.provenance).toMatchObject({
      source: 'public-rpc',
      chain: 'robinhood',
      chainId: 4663,
      blockNumber: HEAD.toString(),
    });
    // Told from a v3 pool by getReserves() answering and slot0() reverting.
    expect(
      d.ethCalls
        .filter((c) => c.to === V2_PKG_USDC.address)
        .map((c) => c.selector)
        .sort(),
    ).toEqual(['0x0902f1ac', '0x0dfe1681', '0x3850c7bd', '0xd21220a7'].sort());
  });

  test('v2, project token as token1: 30 WETH / 90,000 PKG = 1/3000, to 18 significant digits', async () => {
    const result = served(
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_WETH_PKG.address }),
    );
    expect(result.data).toMatchObject({
      version: 'v2',
      projectIsToken0: false,
      projectToken: { symbol: 'PKG', decimals: 18 },
      quoteToken: { symbol: 'WETH', decimals: 18 },
      priceInQuote: '0.000333333333333333333',
      reserves: { project: '90000', quote: '30' },
    });
  });

  test('v3, project token as token0: sqrtPriceX96 = 2^75 → 2^-42 × 10^(18-6) = 0.227373675443232059…', async () => {
    const result = served(
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V3_PKG_USDC.address }),
    );
    // (2^75)^2 / 2^192 = 2^-42; × 10^12 = 10^12 / 4398046511104 = 0.227373675443232059478759765625,
    // written to 18 significant digits (the 19th is 4: no rounding up).
    expect(projectTokenPoolStateSchema.parse(result.data)).toEqual({
      version: 'v3',
      pool: getAddress(V3_PKG_USDC.address),
      token0: '0x5555555555555555555555555555555555555555',
      token1: '0x7777777777777777777777777777777777777777',
      projectIsToken0: true,
      projectToken: { address: '0x5555555555555555555555555555555555555555', symbol: 'PKG', decimals: 18 },
      quoteToken: { address: '0x7777777777777777777777777777777777777777', symbol: 'USDC', decimals: 6 },
      priceInQuote: '0.227373675443232059',
      sqrtPriceX96: (1n << 75n).toString(),
      tick: V3_PKG_USDC.tick,
      liquidity: V3_PKG_USDC.liquidity.toString(),
      fee: 3000,
    });
    expect(result.provenance).toMatchObject({ source: 'public-rpc', blockNumber: HEAD.toString() });
  });

  test('v3, project token as token1: sqrtPriceX96 = 2^97 → 4 PKG a WETH → 0.25 WETH', async () => {
    const result = served(
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V3_WETH_PKG.address }),
    );
    expect(result.data).toMatchObject({
      version: 'v3',
      projectIsToken0: false,
      quoteToken: { address: '0x3333333333333333333333333333333333333333', symbol: 'WETH', decimals: 18 },
      priceInQuote: '0.25',
      fee: 10_000,
      tick: 13_862,
    });
  });

  test('v4, project token as currency1 of native ETH: sqrtPriceX96 = 10 × 2^96 → 100 PKG an ETH → 0.01 ETH', async () => {
    const result = served(
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...v4Vars }),
    );
    expect(projectTokenPoolStateSchema.parse(result.data)).toEqual({
      version: 'v4',
      pool: V4_ETH_PKG.id,
      token0: '0x0000000000000000000000000000000000000000',
      token1: '0x5555555555555555555555555555555555555555',
      projectIsToken0: false,
      projectToken: { address: '0x5555555555555555555555555555555555555555', symbol: 'PKG', decimals: 18 },
      quoteToken: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
      priceInQuote: '0.01',
      sqrtPriceX96: (10n << 96n).toString(),
      tick: V4_ETH_PKG.tick,
      liquidity: V4_ETH_PKG.liquidity.toString(),
      fee: 3000,
      tickSpacing: 60,
      hooks: '0x0000000000000000000000000000000000000000',
    });
    expect(result.provenance).toMatchObject({ source: 'public-rpc', blockNumber: HEAD.toString() });
    // The key came from the Initialize event 25,000 blocks back: windows of the handler's span
    // read backward from the head, each filtered by the event and the pool id.
    const initialize = d.logFilters.filter((f) => f.topics?.[0] === INITIALIZE_TOPIC);
    expect(initialize.length).toBeGreaterThanOrEqual(3);
    for (const f of initialize) {
      expect(f).toMatchObject({ address: V4_POOL_MANAGER, topics: [INITIALIZE_TOPIC, V4_ETH_PKG.id] });
      expect(f.toBlock - f.fromBlock + 1n).toBeLessThanOrEqual(MAX_LOG_SPAN);
    }
    expect(
      initialize.some(
        (f) => f.fromBlock <= V4_ETH_PKG.initializedAt && V4_ETH_PKG.initializedAt <= f.toBlock,
      ),
    ).toBe(true);
    expect(initialize[0]?.toBlock).toBe(HEAD);
  });

  test('v4, project token as currency0 (dynamic fee): 3 × 2^76 → 9 × 10^12 / 2^40 = 8.18545231595635414…', async () => {
    const result = served(
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_PKG_USDC.id, ...v4Vars }),
    );
    // 9 / 2^40 × 10^12 = 8.1854523159563541412353515625: 18 significant digits, the 19th is 1.
    expect(result.data).toMatchObject({
      version: 'v4',
      projectIsToken0: true,
      quoteToken: { address: '0x7777777777777777777777777777777777777777', symbol: 'USDC', decimals: 6 },
      priceInQuote: '8.18545231595635414',
      fee: 500,
      tickSpacing: 10,
    });
  });

  test('a v4 pool key is read once: the memo answers the next reading without logs', async () => {
    const poolKeys = createPoolKeyMemo();
    const vars = { PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...v4Vars };
    served(await poolState(vars, { poolKeys }));
    expect(poolKeys.keys.get(V4_ETH_PKG.id)).toMatchObject({
      currency1: '0x5555555555555555555555555555555555555555',
      initializedAt: V4_ETH_PKG.initializedAt,
    });
    d.reset();
    served(await poolState(vars, { poolKeys }));
    expect(d.logFilters).toEqual([]);
  });

  test('a v4 Initialize event out of the searched blocks: UNAVAILABLE, and the blocks read are not read again', async () => {
    const poolKeys = createPoolKeyMemo();
    const vars = { PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...v4Vars };
    const result = await poolState(vars, { poolKeys, initializeSearchBlocks: 20_000 });
    expect(result).toMatchObject({ status: 'UNAVAILABLE', capability: 'projectToken.pool' });
    expect(result.status === 'UNAVAILABLE' && result.reason).toContain(
      `no Initialize event of the v4 pool ${V4_ETH_PKG.id}`,
    );
    expect(result.status === 'UNAVAILABLE' && result.reason).toContain(`blocks ${HEAD - 19_999n}-${HEAD}`);
    d.reset();
    expect(await poolState(vars, { poolKeys, initializeSearchBlocks: 20_000 })).toMatchObject({
      status: 'UNAVAILABLE',
    });
    expect(d.logFilters).toEqual([]);
    // Told where the pool was initialized, one window finds it.
    d.reset();
    served(await poolState(vars, { poolKeys, initializeBlock: V4_ETH_PKG.initializedAt }));
    expect(d.logFilters.filter((f) => f.topics?.[0] === INITIALIZE_TOPIC)).toHaveLength(1);
  });

  test('an Initialize event whose key does not hash to the pool id is refused', async () => {
    const result = await poolState({
      PROJECT_TOKEN_ADDRESS: PKG,
      PROJECT_TOKEN_POOL: V4_FORGED_ID,
      ...v4Vars,
    });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain('does not hash to the pool id');
  });

  test('a pool without the project token, and an address that is no pool, are configuration errors', async () => {
    const other = await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_OTHER.id, ...v4Vars });
    expect(other).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(other.status === 'ERROR' && other.message).toContain('not PROJECT_TOKEN_ADDRESS');
    const notPool = await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: USDC });
    expect(notPool).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(notPool.status === 'ERROR' && notPool.message).toContain(
      'neither a Uniswap v2 pair nor a v3 pool',
    );
  });
});

describe('recent swaps', () => {
  const tx = (block: bigint, logIndex: number) => {
    const log = SWAP_LOGS.find((l) => l.blockNumber === block && l.logIndex === logIndex);
    if (!log) throw new Error(`no swap at ${block}/${logIndex}`);
    return swapTxHash(log);
  };

  test('v2, project token as token0: newest first, side and amounts from amountIn/amountOut', async () => {
    const result = served(
      await recentSwaps({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_PKG_USDC.address }),
    );
    const data = projectTokenSwapsSchema.parse(result.data);
    expect(data).toMatchObject({
      version: 'v2',
      fromBlock: (HEAD - 4_999n).toString(),
      toBlock: HEAD.toString(),
      count: 2,
      truncated: false,
      projectToken: { symbol: 'PKG' },
      quoteToken: { symbol: 'USDC' },
    });
    expect(data.swaps).toEqual([
      {
        side: 'sell',
        projectAmount: '400',
        quoteAmount: '99',
        priceInQuote: '0.2475',
        txHash: tx(HEAD - 5n, 2),
        blockNumber: (HEAD - 5n).toString(),
        logIndex: 2,
      },
      {
        side: 'buy',
        projectAmount: '1000',
        quoteAmount: '250',
        priceInQuote: '0.25',
        txHash: tx(HEAD - 10n, 3),
        blockNumber: (HEAD - 10n).toString(),
        logIndex: 3,
      },
    ]);
    expect(result.provenance).toMatchObject({ source: 'public-rpc', blockNumber: HEAD.toString() });
    expect(d.logFilters).toEqual([
      {
        address: V2_PKG_USDC.address,
        fromBlock: HEAD - 4_999n,
        toBlock: HEAD,
        topics: ['0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822'],
      },
    ]);
  });

  test('more blocks than one request may cover: windows of the handler span; the limit stops the reading', async () => {
    const vars = { PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_PKG_USDC.address };
    const all = served(await recentSwaps(vars, { blocks: 25_000 }));
    expect(
      (all.data as { swaps: { blockNumber: string; side: string }[] }).swaps.map((s) => [
        s.blockNumber,
        s.side,
      ]),
    ).toEqual([
      [(HEAD - 5n).toString(), 'sell'],
      [(HEAD - 10n).toString(), 'buy'],
      [(HEAD - 7_000n).toString(), 'buy'],
    ]);
    expect(d.logFilters.map((f) => [f.fromBlock, f.toBlock])).toEqual([
      [HEAD - 9_999n, HEAD],
      [HEAD - 19_999n, HEAD - 10_000n],
      [HEAD - 24_999n, HEAD - 20_000n],
    ]);
    d.reset();
    const two = served(await recentSwaps(vars, { blocks: 25_000, limit: 2 }));
    expect(two.data).toMatchObject({ count: 2, truncated: true, fromBlock: (HEAD - 9_999n).toString() });
    expect(d.logFilters).toHaveLength(1);
    expect(await recentSwaps(vars, { blocks: 0 })).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
  });

  test('v2, project token as token1: 1 WETH for 3,000 PKG is a buy at 1/3000', async () => {
    const result = served(
      await recentSwaps({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_WETH_PKG.address }),
    );
    expect((result.data as { swaps: unknown[] }).swaps).toEqual([
      {
        side: 'buy',
        projectAmount: '3000',
        quoteAmount: '1',
        priceInQuote: '0.000333333333333333333',
        txHash: tx(HEAD - 20n, 0),
        blockNumber: (HEAD - 20n).toString(),
        logIndex: 0,
      },
    ]);
  });

  test('v3: the pool deltas, both token orders', async () => {
    const first = served(
      await recentSwaps({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V3_PKG_USDC.address }),
    );
    expect((first.data as { swaps: unknown[] }).swaps).toEqual([
      {
        side: 'sell',
        projectAmount: '1000',
        quoteAmount: '240',
        priceInQuote: '0.24',
        txHash: tx(HEAD - 30n, 9),
        blockNumber: (HEAD - 30n).toString(),
        logIndex: 9,
      },
      {
        side: 'buy',
        projectAmount: '2000',
        quoteAmount: '500',
        priceInQuote: '0.25',
        txHash: tx(HEAD - 30n, 7),
        blockNumber: (HEAD - 30n).toString(),
        logIndex: 7,
      },
    ]);
    const second = served(
      await recentSwaps({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V3_WETH_PKG.address }),
    );
    expect((second.data as { swaps: unknown[] }).swaps).toEqual([
      expect.objectContaining({
        side: 'buy',
        projectAmount: '4000',
        quoteAmount: '1',
        priceInQuote: '0.00025',
      }),
    ]);
  });

  test("v4: the PoolManager's Swap events of this pool id only, the swapper's deltas", async () => {
    const eth = served(
      await recentSwaps({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...v4Vars }),
    );
    const data = projectTokenSwapsSchema.parse(eth.data);
    expect(data).toMatchObject({
      version: 'v4',
      pool: V4_ETH_PKG.id,
      quoteToken: { symbol: 'ETH', decimals: 18 },
    });
    expect(data.swaps).toEqual([
      {
        side: 'sell',
        projectAmount: '50',
        quoteAmount: '0.5',
        priceInQuote: '0.01',
        txHash: tx(HEAD - 2n, 0),
        blockNumber: (HEAD - 2n).toString(),
        logIndex: 0,
      },
      {
        side: 'buy',
        projectAmount: '100',
        quoteAmount: '1',
        priceInQuote: '0.01',
        txHash: tx(HEAD - 50n, 4),
        blockNumber: (HEAD - 50n).toString(),
        logIndex: 4,
      },
    ]);
    const swapFilters = d.logFilters.filter((f) => f.topics?.[0] !== INITIALIZE_TOPIC);
    expect(swapFilters).toEqual([
      {
        address: V4_POOL_MANAGER,
        fromBlock: HEAD - 4_999n,
        toBlock: HEAD,
        topics: ['0x40e9cecb9f5f1f1c5b9c97dec2917b7ee92e57ba5563708daca94dd84ad7112f', V4_ETH_PKG.id],
      },
    ]);
    // The state view is not needed for swaps.
    const usdc = served(
      await recentSwaps({
        PROJECT_TOKEN_ADDRESS: PKG,
        PROJECT_TOKEN_POOL: V4_PKG_USDC.id,
        UNISWAP_V4_POOL_MANAGER: V4_POOL_MANAGER,
      }),
    );
    expect((usdc.data as { swaps: unknown[] }).swaps).toEqual([
      expect.objectContaining({
        side: 'buy',
        projectAmount: '10',
        quoteAmount: '81.86',
        priceInQuote: '8.186',
      }),
    ]);
  });
});

describe('RPC failures pass through as the RPC envelope', () => {
  test.each([
    ['a 503', publicRpcReplies.serverError, 'ALL_PROVIDERS_FAILED'],
    ['a rate limit', publicRpcReplies.rateLimited, 'RATE_LIMITED'],
  ])('%s', async (_name, reply, code) => {
    d.failAll = reply;
    for (const result of [
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V3_PKG_USDC.address }),
      await poolState({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...v4Vars }),
      await recentSwaps({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_PKG_USDC.address }),
    ]) {
      expect(resultSchema.parse(result)).toEqual(result);
      expect(result).toMatchObject({
        status: 'ERROR',
        code,
        attemptedProviders: [{ provider: 'public-rpc' }],
      });
      expect(['onchain.call', 'onchain.block']).toContain(result.status === 'ERROR' && result.capability);
    }
  });
});

describe('exact decimals', () => {
  test.each([
    [1n, 4n, '0.25'],
    [1n, 3n, '0.333333333333333333'],
    [2n, 3n, '0.666666666666666667'],
    [10n ** 30n, 3n, '333333333333333333333333333333'],
    [1n, 3n * 10n ** 20n, '0.00000000000000000000333333333333333333'],
    [999_999_999_999_999_999_5n, 10n ** 19n, '1'],
    [0n, 7n, '0'],
    [123_456n, 1_000n, '123.456'],
  ])('%s / %s = %s', (numerator, denominator, expected) => {
    expect(ratioToDecimal(numerator, denominator)).toBe(expected);
  });
});
