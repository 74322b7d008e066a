// GET /v1/token and GET /v1/token/live against the real server and local doubles: the chain double
// holding Uniswap v2, v3 and v4 pools of the project token PKG (uniswap-pools-double.ts, served as
// the public RPC: the only RPC configured), and the vendor doubles of @pkg/shared/testing (the
// explorer, the DEX pair provider, the price aggregator). Prices are checked against values worked
// out by hand from the double's reserves and sqrtPriceX96; every panel is a section with its own
// source; unset variables answer UNAVAILABLE naming them without any upstream request; a failing
// source blanks no other panel; edge headers and 304.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DataEnv } from '@pkg/shared/data';
import {
  HEAD,
  UNISWAP_DEV_WALLET as DEV_WALLET,
  UNISWAP_PKG as PKG,
  V2_PKG_USDC,
  V2_WETH_PKG,
  V3_PKG_USDC,
  V4_ETH_PKG,
  V4_POOL_MANAGER,
  V4_STATE_VIEW,
  startDoubles,
  startUniswapPoolsDouble,
  withOnlyRpc,
  type Doubles,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import { openApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';

let d: Doubles;
let chain: UniswapPoolsDouble;
const servers: TestServer[] = [];

const DEAD = '0x000000000000000000000000000000000000dEaD';
const ZERO = '0x0000000000000000000000000000000000000000';
const V4_VARS = { UNISWAP_V4_POOL_MANAGER: V4_POOL_MANAGER, UNISWAP_V4_STATE_VIEW: V4_STATE_VIEW };

// Pair objects of https://docs.dexscreener.com/api/reference (schema "Pair", as "Get one or
// multiple pairs by chain and pair address" answers them) for the chain double's pools; the v4
// pool is listed by its pool id. Values are illustrative.
const dexPair = (pairAddress: string, quote: string, liquidityUsd: number, volumeH24: number) => ({
  chainId: 'robinhood',
  dexId: 'uniswap',
  url: `https://dexscreener.com/robinhood/${pairAddress}`,
  pairAddress,
  labels: null,
  baseToken: { address: PKG, name: 'Package Token', symbol: 'PKG' },
  quoteToken: { address: quote, name: quote, symbol: quote },
  txns: { h1: { buys: 3, sells: 2 }, h24: { buys: 41, sells: 37 } },
  volume: { h24: volumeH24, h1: 120.5 },
  priceChange: { h24: 2.5 },
  liquidity: { usd: liquidityUsd, base: 90_000, quote: 30 },
  pairCreatedAt: 1_757_000_000_000,
});
const PKG_PAIRS = [
  dexPair(V2_WETH_PKG.address, 'WETH', 143_946.1, 8_210.4),
  dexPair(V3_PKG_USDC.address, 'USDC', 455_000.25, 31_002.75),
  dexPair(V4_ETH_PKG.id, 'ETH', 49_400.8, 1_999.9),
];

beforeAll(async () => {
  [d, chain] = await Promise.all([startDoubles(), startUniswapPoolsDouble()]);
});
beforeEach(() => {
  d.reset();
  chain.reset();
  d.dexscreener.pairs = PKG_PAIRS;
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await Promise.all([d.close(), chain.close()]);
});

const dataEnv = (): DataEnv => withOnlyRpc(d.env, chain.url);

async function serve(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ dataEnv: dataEnv(), env });
  servers.push(server);
  return server;
}

interface Section<T = Record<string, unknown>> {
  status: string;
  data?: T;
  provenance?: { source: string; fetchedAt: string; blockNumber?: string };
  code?: string;
  reason?: string;
}
type Answer = Record<string, Section> & { address?: string };

async function get(server: TestServer, path: string): Promise<{ res: Response; body: Answer }> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as Answer };
}

const PANELS = [
  'price',
  'priceUsd',
  'marketCap',
  'supply',
  'burned',
  'market',
  'holders',
  'topHolders',
  'devWallets',
  'contract',
] as const;

/** Requests the doubles received (the chain and every vendor the token panels read). */
const upstreamRequests = () =>
  chain.requests +
  [d.blockscout, d.dexscreener, d.geckoterminal, d.coingecko, d.publicRpc].reduce(
    (sum, double) => sum + double.requests,
    0,
  );

describe('GET /v1/token', () => {
  // The price of one PKG in the pool's other token, worked out from the double's pool:
  // - v2 WETH/PKG: reserves 30 WETH and 90,000 PKG → 30 / 90,000 = 1/3000 WETH;
  // - v3 PKG/USDC: sqrtPriceX96 = 2^75 → (2^75 / 2^96)^2 = 2^-42 raw USDC per raw PKG, × 10^(18-6)
  //   = 10^12 / 2^42 = 0.227373675443232059478… USDC (18 significant digits);
  // - v4 ETH/PKG: sqrtPriceX96 = 10 · 2^96 → 100 PKG per ETH → 0.01 ETH, and ETH is listed by the
  //   price aggregator at 2,399.1 USD → 23.991 USD.
  // Market cap: (1,000,000,000 supply − 150,000,000 on the dead address) × price.
  test.each([
    {
      version: 'v2',
      env: { PROJECT_TOKEN_POOL: V2_WETH_PKG.address },
      pool: V2_WETH_PKG.address,
      quote: 'WETH',
      priceInQuote: '0.000333333333333333333',
      capInQuote: '283333.333333333333',
      liquidityUsd: 143_946.1,
      usd: undefined,
    },
    {
      version: 'v3',
      env: { PROJECT_TOKEN_POOL: V3_PKG_USDC.address },
      pool: V3_PKG_USDC.address,
      quote: 'USDC',
      priceInQuote: '0.227373675443232059',
      capInQuote: '193267624.12674725',
      liquidityUsd: 455_000.25,
      usd: undefined,
    },
    {
      version: 'v4',
      env: { PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...V4_VARS },
      pool: V4_ETH_PKG.id,
      quote: 'ETH',
      priceInQuote: '0.01',
      capInQuote: '8500000',
      liquidityUsd: 49_400.8,
      usd: { priceUsd: '23.991', quoteUsd: '2399.1', cap: '20392350000' },
    },
  ])(
    '$version pool: the price read from the chain, in USD where the quote token is priced, market cap, liquidity',
    async (row) => {
      const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG, ...row.env });
      const { body } = await get(server, '/v1/token');
      expect(body.address).toBe(PKG);
      expect(body.price).toMatchObject({
        status: 'LIVE',
        data: {
          version: row.version,
          pool: expect.stringMatching(new RegExp(`^${row.pool}$`, 'i')),
          projectToken: { symbol: 'PKG', decimals: 18 },
          quoteToken: { symbol: row.quote },
          priceInQuote: row.priceInQuote,
        },
        provenance: { source: 'public-rpc', blockNumber: HEAD.toString() },
      });
      if (row.usd) {
        expect(body.priceUsd).toMatchObject({
          status: 'LIVE',
          data: { priceUsd: row.usd.priceUsd, quoteUsd: row.usd.quoteUsd, quoteToken: { symbol: 'ETH' } },
          provenance: { source: 'coingecko' },
        });
      } else {
        // No price source lists the quote token: no USD price, never an invented one.
        expect(body.priceUsd).toMatchObject({ status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE' });
        expect(body.priceUsd?.data).toBeUndefined();
      }
      expect(body.marketCap).toEqual({
        status: 'LIVE',
        data: {
          circulating: '850000000',
          inQuote: row.capInQuote,
          quoteSymbol: row.quote,
          ...(row.usd ? { usd: row.usd.cap } : {}),
        },
        provenance: expect.objectContaining({ source: 'public-rpc' }),
      });
      expect(body.market).toMatchObject({
        status: 'LIVE',
        data: { liquidityUsd: row.liquidityUsd, volumeUsd: { h24: expect.any(Number) }, dex: 'uniswap' },
        provenance: { source: 'dexscreener' },
      });
    },
  );

  test('supply and burned read on chain; holders, top holders (dev wallet, burn address and pool marked) and the official contract from the explorer', async () => {
    const server = await serve({
      PROJECT_TOKEN_ADDRESS: PKG,
      PROJECT_TOKEN_POOL: V2_WETH_PKG.address,
      PROJECT_DEV_WALLETS: DEV_WALLET,
    });
    const { body } = await get(server, '/v1/token');
    expect(body.supply).toMatchObject({
      status: 'LIVE',
      data: { decimals: 18, total: '1000000000', totalRaw: `1000000000${'0'.repeat(18)}` },
      provenance: { source: 'public-rpc' },
    });
    expect(body.burned).toMatchObject({
      status: 'LIVE',
      data: {
        total: '150000000',
        percentOfSupply: '15',
        addresses: [
          { address: ZERO, amount: '0', raw: '0' },
          { address: DEAD, amount: '150000000', percentOfSupply: '15' },
        ],
      },
      provenance: { source: 'public-rpc' },
    });
    expect(body.devWallets).toMatchObject({
      status: 'LIVE',
      data: { wallets: [{ address: DEV_WALLET, amount: '50000000', percentOfSupply: '5' }] },
    });
    expect(body.holders).toMatchObject({
      status: 'LIVE',
      data: { count: 1234 },
      provenance: { source: 'blockscout' },
    });
    const top = body.topHolders as Section<{
      holders: { rank: number; address: string; amount?: string; role?: string }[];
      more: boolean;
    }>;
    expect(top.status).toBe('LIVE');
    expect(top.provenance?.source).toBe('blockscout');
    expect(top.data?.more).toBe(false);
    expect(top.data?.holders.map((h) => [h.rank, h.address.toLowerCase(), h.amount, h.role])).toEqual([
      [1, DEAD.toLowerCase(), '150000000', 'burn'],
      [2, DEV_WALLET, '50000000', 'dev'],
      [3, '0x1313131313131313131313131313131313131313', '20000000', undefined],
      [4, V2_PKG_USDC.address, '1000000', undefined],
      [5, V2_WETH_PKG.address, '90000', 'pool'],
    ]);
    expect(body.contract).toMatchObject({
      status: 'LIVE',
      data: { address: PKG, isContract: true, verified: true, name: 'PackageToken', symbol: 'PKG' },
      provenance: { source: 'blockscout' },
    });
  });

  test('no PROJECT_DEV_WALLETS: the dev-wallet panel is UNAVAILABLE naming it, the rest answers', async () => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_WETH_PKG.address });
    const { body } = await get(server, '/v1/token');
    expect(body.devWallets).toEqual({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      reason: 'not configured (PROJECT_DEV_WALLETS)',
    });
    expect(body.price?.status).toBe('LIVE');
  });

  test('edge headers from the 30 s TTL, the ETag, 304 to a matching If-None-Match; answers match the OpenAPI document', async () => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...V4_VARS });
    const { res, body } = await get(server, '/v1/token');
    const openApi = await openApiCheck(server.url);
    expect(openApi.answerErrors('/v1/token', body)).toEqual([]);
    expect(openApi.answerErrors('/v1/token/live', (await get(server, '/v1/token/live')).body)).toEqual([]);
    await expectEdgeCached(res, `${server.url}/v1/token`, 30);
  });
});

describe('GET /v1/token/live', () => {
  test.each([
    {
      version: 'v2',
      env: { PROJECT_TOKEN_POOL: V2_WETH_PKG.address },
      priceInQuote: '0.000333333333333333333',
      // 1 WETH in, 3,000 PKG out, 20 blocks back.
      swaps: [{ side: 'buy', projectAmount: '3000', quoteAmount: '1', blockNumber: HEAD - 20n }],
    },
    {
      version: 'v3',
      env: { PROJECT_TOKEN_POOL: V3_PKG_USDC.address },
      priceInQuote: '0.227373675443232059',
      // The pool's deltas, both 30 blocks back, the later log first.
      swaps: [
        { side: 'sell', projectAmount: '1000', quoteAmount: '240', blockNumber: HEAD - 30n },
        { side: 'buy', projectAmount: '2000', quoteAmount: '500', blockNumber: HEAD - 30n },
      ],
    },
    {
      version: 'v4',
      env: { PROJECT_TOKEN_POOL: V4_ETH_PKG.id, ...V4_VARS },
      priceInQuote: '0.01',
      // The PoolManager's Swap events of this pool id (the swapper's deltas).
      swaps: [
        { side: 'sell', projectAmount: '50', quoteAmount: '0.5', blockNumber: HEAD - 2n },
        { side: 'buy', projectAmount: '100', quoteAmount: '1', blockNumber: HEAD - 50n },
      ],
    },
  ])('$version pool: its state and recent swaps, newest first, read from the chain', async (row) => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG, ...row.env });
    const { res, body } = await get(server, '/v1/token/live');
    expect(body.pool).toMatchObject({
      status: 'LIVE',
      data: { version: row.version, priceInQuote: row.priceInQuote, projectToken: { symbol: 'PKG' } },
      provenance: { source: 'public-rpc' },
    });
    expect(body.swaps).toMatchObject({
      status: 'LIVE',
      data: {
        version: row.version,
        toBlock: HEAD.toString(),
        count: row.swaps.length,
        swaps: row.swaps.map((s) => ({ ...s, blockNumber: s.blockNumber.toString() })),
      },
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=5, s-maxage=5, stale-while-revalidate=5');
  });
});

describe('configuration', () => {
  test.each<{ name: string; env: Record<string, string>; pool: string }>([
    { name: 'nothing set', env: {}, pool: 'not configured (PROJECT_TOKEN_ADDRESS, PROJECT_TOKEN_POOL)' },
    {
      name: 'the pool set, not the token',
      env: { PROJECT_TOKEN_POOL: V2_WETH_PKG.address, PROJECT_DEV_WALLETS: DEV_WALLET },
      pool: 'not configured (PROJECT_TOKEN_ADDRESS)',
    },
  ])('$name: every panel UNAVAILABLE naming PROJECT_TOKEN_ADDRESS, no upstream request', async (row) => {
    const server = await serve(row.env);
    const before = upstreamRequests();
    const { body } = await get(server, '/v1/token');
    expect(body.address).toBeUndefined();
    for (const panel of PANELS)
      expect(body[panel], panel).toEqual({
        status: 'UNAVAILABLE',
        code: 'CAPABILITY_UNAVAILABLE',
        reason: ['price', 'priceUsd', 'marketCap', 'market'].includes(panel)
          ? row.pool
          : 'not configured (PROJECT_TOKEN_ADDRESS)',
      });
    const live = (await get(server, '/v1/token/live')).body;
    expect(live.pool).toMatchObject({ status: 'UNAVAILABLE', reason: row.pool });
    expect(live.swaps).toMatchObject({ status: 'UNAVAILABLE', reason: row.pool });
    expect(upstreamRequests()).toBe(before);
  });

  test('the token set, not the pool: the pool panels UNAVAILABLE naming PROJECT_TOKEN_POOL, the others answer', async () => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG });
    const { body } = await get(server, '/v1/token');
    for (const panel of ['price', 'market'] as const)
      expect(body[panel]).toMatchObject({
        status: 'UNAVAILABLE',
        reason: 'not configured (PROJECT_TOKEN_POOL)',
      });
    expect(body.marketCap?.reason).toMatch(/not configured \(PROJECT_TOKEN_POOL\)/);
    expect(body.supply?.status).toBe('LIVE');
    expect(body.holders?.status).toBe('LIVE');
    expect(d.dexscreener.requests).toBe(0);
    const live = (await get(server, '/v1/token/live')).body;
    expect(live.swaps).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'not configured (PROJECT_TOKEN_POOL)',
    });
  });
});

describe('a failing source blanks nothing else', () => {
  test('the explorer down: its panels ERROR, the chain and market panels answer; a short private lifetime', async () => {
    const server = await serve({
      PROJECT_TOKEN_ADDRESS: PKG,
      PROJECT_TOKEN_POOL: V2_WETH_PKG.address,
      PROJECT_DEV_WALLETS: DEV_WALLET,
    });
    d.blockscout.failNext.push(
      ...Array.from({ length: 20 }, () => ({ status: 500, body: { message: 'Internal Server Error' } })),
    );
    const { res, body } = await get(server, '/v1/token');
    for (const panel of ['holders', 'topHolders', 'contract'] as const)
      expect(body[panel]?.status).toBe('ERROR');
    for (const panel of ['price', 'marketCap', 'supply', 'burned', 'market', 'devWallets'] as const)
      expect(body[panel]?.status, panel).toBe('LIVE');
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
  });

  test('the chain down: its panels ERROR, the explorer and market panels answer', async () => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V2_WETH_PKG.address });
    chain.failAll = { status: 500, body: { message: 'Internal Server Error' } };
    const { body } = await get(server, '/v1/token');
    for (const panel of ['price', 'priceUsd', 'marketCap', 'supply', 'burned'] as const)
      expect(body[panel]?.status, panel).toBe('ERROR');
    for (const panel of ['market', 'holders', 'topHolders', 'contract'] as const)
      expect(body[panel]?.status, panel).toBe('LIVE');
    // Without the chain's decimals, the explorer's holders keep their raw balances only.
    const top = body.topHolders as Section<{ holders: { raw: string; amount?: string }[] }>;
    expect(top.data?.holders[0]).toMatchObject({ raw: `150000000${'0'.repeat(18)}` });
    expect(top.data?.holders[0]?.amount).toBeUndefined();
  });
});
