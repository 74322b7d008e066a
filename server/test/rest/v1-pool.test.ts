// GET /v1/token/candles and GET /v1/pool/:network/:address against the real server and the local
// vendor doubles of @pkg/shared/testing: the candles of the project token's pool from the pool
// provider's OHLCV (GeckoTerminal double, rows as
// https://docs.coingecko.com/reference/pool-ohlcv-contract-address sends them: [t, o, h, l, c, v],
// newest first) served oldest first with their source; candle parameters checked before any
// upstream request; without PROJECT_TOKEN_POOL the section names the variable; one pool as the
// pool provider lists it, and an unknown pool answered with the section's reason, not a 500.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DataEnv } from '@pkg/shared/data';
import {
  GT,
  UNISWAP_PKG as PKG,
  V3_PKG_USDC,
  startDoubles,
  startUniswapPoolsDouble,
  withOnlyRpc,
  PKG_OHLCV,
  type Doubles,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let d: Doubles;
let chain: UniswapPoolsDouble;
const servers: TestServer[] = [];

beforeAll(async () => {
  [d, chain] = await Promise.all([startDoubles(), startUniswapPoolsDouble()]);
});
beforeEach(() => {
  d.reset();
  chain.reset();
  d.geckoterminal.ohlcvPools.set(V3_PKG_USDC.address, PKG_OHLCV);
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
  provenance?: { source: string; fetchedAt: string };
  code?: string;
  reason?: string;
}
interface Candles {
  network: string;
  pool: string;
  timeframe: string;
  aggregate: number;
  candles: { time: number; open: number; high: number; low: number; close: number; volume?: number }[];
}

async function getJson<T>(server: TestServer, path: string, status = 200): Promise<T> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(status);
  return (await res.json()) as T;
}

const ohlcvRequests = () => d.geckoterminal.paths.filter((p) => p.includes('/ohlcv/'));

describe('GET /v1/token/candles', () => {
  test("the pool's hourly candles from the pool provider, oldest first, with their source", async () => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V3_PKG_USDC.address });
    const body = await getJson<{ address?: string; candles: Section<Candles> }>(server, '/v1/token/candles');
    expect(body.address).toBe(PKG);
    expect(body.candles).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'geckoterminal' },
      data: { timeframe: 'hour', aggregate: 1 },
    });
    expect(body.candles.data?.pool.toLowerCase()).toBe(V3_PKG_USDC.address);
    expect(body.candles.data?.candles).toEqual([
      { time: 1788883200, open: 0.2248, high: 0.227, low: 0.2231, close: 0.2261, volume: 2045.25 },
      { time: 1788886800, open: 0.2261, high: 0.229, low: 0.2255, close: 0.2274, volume: 1210.5 },
    ]);
    // The defaults: hourly candles of size 1, at most 100, in USD.
    const [asked] = ohlcvRequests();
    expect(asked).toBeDefined();
    const url = new URL(asked ?? '', 'http://double');
    expect(url.pathname.toLowerCase()).toBe(`/networks/robinhood/pools/${V3_PKG_USDC.address}/ohlcv/hour`);
    expect(url.searchParams.get('aggregate')).toBe('1');
    expect(url.searchParams.get('limit')).toBe('100');
    expect(url.searchParams.get('currency')).toBe('usd');
  });

  test('a size the timeframe does not have is 400 naming aggregate, before any upstream request', async () => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG, PROJECT_TOKEN_POOL: V3_PKG_USDC.address });
    const body = await getJson<{
      error: { code: string; message: string; details: { path?: string; message: string }[] };
    }>(server, '/v1/token/candles?timeframe=day&aggregate=4', 400);
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.details.map((detail) => detail.path)).toContain('aggregate');
    expect(d.geckoterminal.paths).toEqual([]);
  });

  test('without PROJECT_TOKEN_POOL the candles are UNAVAILABLE naming it, with no request to the provider', async () => {
    const server = await serve({ PROJECT_TOKEN_ADDRESS: PKG });
    const body = await getJson<{ candles: Section<Candles> }>(server, '/v1/token/candles');
    expect(body.candles.status).toBe('UNAVAILABLE');
    expect(body.candles.reason).toContain('PROJECT_TOKEN_POOL');
    expect(body.candles.data).toBeUndefined();
    expect(d.geckoterminal.paths).toEqual([]);
  });
});

describe('GET /v1/pool/:network/:address', () => {
  test("one pool with its price, liquidity and the day's trades from the pool provider", async () => {
    const server = await serve({});
    const body = await getJson<{ network: string; address: string; pool: Section }>(
      server,
      `/v1/pool/eth/${GT.pool}`,
    );
    expect(body).toMatchObject({ network: 'eth', address: GT.pool });
    // DEX Screener lists no such pair on this network, so GeckoTerminal answers (its pool-address
    // document in the double: base_token_price_usd 0.02975, reserve_in_usd 98873.55, h24 410/377).
    expect(body.pool).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'geckoterminal' },
      data: { priceUsd: '0.02975', liquidityUsd: 98873.55, txns24h: { buys: 410, sells: 377 } },
    });
  });

  test('an unknown pool is the section with its reason, not a server error', async () => {
    const server = await serve({});
    const body = await getJson<{ pool: Section }>(server, `/v1/pool/eth/${GT.unknown}`);
    expect(['UNAVAILABLE', 'ERROR']).toContain(body.pool.status);
    expect(body.pool.reason).toEqual(expect.any(String));
    expect(body.pool.data).toBeUndefined();
  });
});
