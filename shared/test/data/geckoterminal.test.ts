// GeckoTerminal (the pool provider) through the real client against its local double: every
// capability, the 10-a-minute budget, 429, the 1 h network cache, OHLCV refusals before any
// request, unknown networks, empty lists and fields the vendor left out.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHAINS } from '../../src/data/chains.js';
import { createDataClient } from '../../src/data/client.js';
import { createSlots } from '../../src/data/create-slots.js';
import { createGuardedFetch } from '../../src/data/net/guarded-fetch.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { geckoterminalDescriptor } from '../../src/data/providers/geckoterminal/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { GT, startGeckoterminalServer, type GeckoterminalDouble } from '../vendors/geckoterminal-server.js';
import { fakeClock } from './doubles.js';

let gt: GeckoterminalDouble;
beforeAll(async () => {
  gt = await startGeckoterminalServer();
});
afterAll(() => gt.close());
beforeEach(() => {
  gt.paths.length = 0;
  gt.accepts.length = 0;
  gt.failNext.length = 0;
  gt.emptyLists = false;
  gt.stripPoolFields = false;
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client with its own request budget, so that every test starts with 10 calls. */
function client(clock = fakeClock()) {
  return createDataClient({
    env: { GECKOTERMINAL_BASE_URL: gt.baseUrl, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [geckoterminalDescriptor],
    clock,
    throttles: createThrottleRegistry(),
  });
}

const EXM = { address: GT.token, name: 'Example', symbol: 'EXM', decimals: 18 };
const WETH = { address: GT.weth, name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 };

describe('capabilities', () => {
  test('market.pair: tokens from included, dex from relationships, money as numbers, prices as sent', async () => {
    const c = client();
    const result = await c.market.pair({ address: GT.pool });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'geckoterminal', chain: 'robinhood', chainId: 4663, fresh: true },
    });
    expect(result.status === 'LIVE' && result.data).toEqual({
      network: 'robinhood',
      address: GT.pool,
      dex: 'uniswap_v3',
      name: 'EXM / WETH 0.3%',
      baseToken: EXM,
      quoteToken: WETH,
      priceUsd: '0.02975',
      priceNative: '0.0000124',
      liquidityUsd: 98873.55,
      fdvUsd: 2975000,
      marketCapUsd: 1490000,
      volumeUsd: { m5: 12.4, h1: 880, h6: 4120.5, h24: 18586.21 },
      priceChangePct: { m5: 0.35, h1: -1.1, h6: 4.2, h24: 12.8 },
      txns: {
        m5: { buys: 2, sells: 1, buyers: 2, sellers: 1 },
        h1: { buys: 30, sells: 14, buyers: 22, sellers: 11 },
        h24: { buys: 410, sells: 377, buyers: 190 },
      },
      createdAt: '2026-08-20T09:00:00Z',
    });
    expect(gt.paths).toEqual([`/networks/robinhood/pools/${GT.pool}?include=base_token%2Cquote_token%2Cdex`]);
    expect(gt.accepts).toEqual(['application/json']);
    // Another GeckoTerminal network id passes through unchanged; a v4 pool id is a pool address.
    const eth = await c.market.pair({ network: 'eth', address: GT.v4Pool });
    expect(eth).toMatchObject({
      status: 'LIVE',
      data: { network: 'eth', address: GT.v4Pool, dex: 'uniswap-v4-robinhood', baseToken: EXM },
      provenance: { source: 'geckoterminal', chain: 'eth' },
    });
    expect(eth.status === 'LIVE' && 'chainId' in eth.provenance).toBe(false);
    expect(eth.status === 'LIVE' && 'marketCapUsd' in (eth.data as object)).toBe(false);
    await c.close();
  });

  test('market.token: market data, market cap null is absent, the first top pool is the main pool', async () => {
    const c = client();
    const result = await c.market.token({ address: GT.token });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        address: GT.token,
        name: 'Example',
        symbol: 'EXM',
        decimals: 18,
        totalSupply: '100000000000000000000000000.0',
        priceUsd: '0.02975',
        fdvUsd: 2975000,
        liquidityUsd: 139873.75,
        volumeUsd: { h24: 23586.71 },
        // included top pools name their tokens by id only: the address is all there is.
        mainPool: {
          address: GT.pool,
          dex: 'uniswap_v3',
          baseToken: { address: GT.token },
          liquidityUsd: 98873.55,
        },
      },
    });
    expect(result.status === 'LIVE' && 'marketCapUsd' in (result.data as object)).toBe(false);
    expect(gt.paths).toEqual([`/networks/robinhood/tokens/${GT.token}?include=top_pools`]);
    await c.close();
  });

  test('pool lists: token pairs, top pools by volume or transactions (of a token, a page), trending, new', async () => {
    const c = client();
    const pairs = await c.market.tokenPairs({ address: GT.token });
    expect(pairs).toMatchObject({
      status: 'LIVE',
      data: { network: 'robinhood', token: GT.token, pools: [{ address: GT.pool }, { address: GT.v4Pool }] },
    });
    const byTx = await c.market.pools({ sort: 'transactions', page: 1 });
    expect(byTx).toMatchObject({
      status: 'LIVE',
      data: { page: 1, pools: [{ address: GT.v4Pool }, { address: GT.pool }] },
    });
    const ofToken = await c.market.pools({ token: GT.token, sort: 'volume' });
    expect(ofToken).toMatchObject({
      status: 'LIVE',
      data: { token: GT.token, page: 1, pools: [{ address: GT.pool }, {}] },
    });
    expect(await c.market.trendingPools({ duration: '1h', page: 1 })).toMatchObject({
      status: 'LIVE',
      data: { page: 1, pools: [{ address: GT.pool, baseToken: EXM, quoteToken: WETH }, {}] },
    });
    expect(await c.market.newPools({})).toMatchObject({ status: 'LIVE', data: { page: 1, pools: [{}, {}] } });
    const inc = 'include=base_token%2Cquote_token%2Cdex';
    expect(gt.paths).toEqual([
      `/networks/robinhood/tokens/${GT.token}/pools?${inc}`,
      `/networks/robinhood/pools?${inc}&sort=h24_tx_count_desc&page=1`,
      `/networks/robinhood/tokens/${GT.token}/pools?${inc}&sort=h24_volume_usd_desc`,
      `/networks/robinhood/trending_pools?${inc}&page=1&duration=1h`,
      `/networks/robinhood/new_pools?${inc}`,
    ]);
    await c.close();
  });

  test('market.tokenPrice: price and extras; native and unlisted tokens are UNAVAILABLE', async () => {
    const c = client();
    expect(await c.market.tokenPrice({ address: GT.token })).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        address: GT.token,
        priceUsd: '0.02975',
        volume24hUsd: 18586.21,
        priceChange24hPct: 12.8,
        liquidityUsd: 98873.55,
        updatedAt: '2026-09-08T16:52:35.000Z',
      },
    });
    expect(gt.paths).toEqual([
      `/simple/networks/robinhood/token_price/${GT.token}?include_market_cap=true&include_24hr_vol=true&include_24hr_price_change=true&include_total_reserve_in_usd=true`,
    ]);
    const native = await c.market.tokenPrice({ address: 'native' });
    expect(native).toMatchObject({ status: 'UNAVAILABLE', answers: [{ provider: 'geckoterminal' }] });
    expect(gt.paths).toHaveLength(1);
    expect(await c.market.tokenPrice({ address: GT.unknown })).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'geckoterminal', error: expect.stringMatching(/^no data: /) as unknown }],
    });
    await c.close();
  });

  test('market.ohlcv: candles oldest first (the vendor lists newest first), base and quote from meta', async () => {
    const c = client();
    const result = await c.market.ohlcv({ pool: GT.pool, timeframe: 'hour', aggregate: 4, limit: 3 });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        pool: GT.pool,
        timeframe: 'hour',
        aggregate: 4,
        currency: 'usd',
        base: { address: GT.token, symbol: 'EXM' },
        quote: { address: GT.weth, symbol: 'WETH' },
      },
    });
    const candles = result.status === 'LIVE' ? (result.data as { candles: { time: number }[] }).candles : [];
    expect(candles.map((k) => k.time)).toEqual([1756681200, 1756684800, 1756688400]);
    expect(candles[0]).toEqual({
      time: 1756681200,
      open: 0.0285,
      high: 0.0293,
      low: 0.0281,
      close: 0.0291,
      volume: 2210.9,
    });
    const before = await c.market.ohlcv({
      pool: GT.pool,
      timeframe: 'day',
      beforeTimestamp: 1756688400,
      currency: 'token',
    });
    expect(before).toMatchObject({
      status: 'LIVE',
      data: { currency: 'token', candles: [{ time: 1756681200 }, { time: 1756684800 }] },
    });
    expect(gt.paths).toEqual([
      `/networks/robinhood/pools/${GT.pool}/ohlcv/hour?aggregate=4&limit=3&currency=usd`,
      `/networks/robinhood/pools/${GT.pool}/ohlcv/day?aggregate=1&limit=100&currency=token&before_timestamp=1756688400`,
    ]);
    await c.close();
  });

  test.each([
    ['hour', 5, 100],
    ['minute', 4, 100],
    ['day', 4, 100],
    ['hour', 1, 1001],
    ['second', 1, 100],
  ])(
    'market.ohlcv refuses timeframe %s, aggregate %i, limit %i with no request',
    async (timeframe, aggregate, limit) => {
      const c = client();
      const before = gt.requests;
      const result = await c.run('market.ohlcv', { pool: GT.pool, timeframe, aggregate, limit });
      expect(result).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
      expect(gt.requests - before).toBe(0);
      expect(gt.paths).toEqual([]);
      await c.close();
    },
  );

  test('market.trades: newest first, the USD price of the token bought or sold, a minimum volume', async () => {
    const c = client();
    const result = await c.market.trades({ pool: GT.pool });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        pool: GT.pool,
        trades: [
          {
            kind: 'sell',
            priceUsd: '0.02970',
            volumeUsd: 1188,
            fromToken: { address: GT.token, amount: '40000.0' },
            toToken: { address: GT.weth, amount: '0.49' },
            timestamp: '2026-09-08T16:52:35Z',
            blockNumber: 19612257,
          },
          { kind: 'buy', priceUsd: '0.02975', volumeUsd: 1199.55, timestamp: '2026-09-08T16:40:11Z' },
        ],
      },
    });
    const big = await c.market.trades({ pool: GT.pool, minVolumeUsd: 1190 });
    expect(big).toMatchObject({ status: 'LIVE', data: { trades: [{ kind: 'buy' }] } });
    expect(gt.paths[1]).toBe(
      `/networks/robinhood/pools/${GT.pool}/trades?trade_volume_in_usd_greater_than=1190`,
    );
    await c.close();
  });

  test('market.dexes, market.networks and the health request', async () => {
    const c = client();
    expect(await c.market.dexes({})).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        dexes: [{ id: 'uniswap_v3', name: 'Uniswap V3' }, { id: 'uniswap-v4-robinhood' }],
      },
    });
    const networks = await c.market.networks({});
    expect(networks).toMatchObject({
      status: 'LIVE',
      data: {
        page: 1,
        networks: [
          { id: 'eth', name: 'Ethereum', coingeckoAssetPlatformId: 'ethereum' },
          { id: 'robinhood', name: 'Robinhood' },
        ],
      },
      provenance: { source: 'geckoterminal', chain: 'global' },
    });
    const listed = networks.status === 'LIVE' ? (networks.data as { networks: object[] }).networks : [];
    expect(listed[1]).toEqual({ id: 'robinhood', name: 'Robinhood' });
    const health = await c.providers.health();
    expect(health.sections.geckoterminal).toMatchObject({
      status: 'LIVE',
      data: { networksOnPage1: 2, robinhoodOnPage1: true, endpoint: gt.baseUrl },
    });
    expect(gt.paths).toEqual(['/networks/robinhood/dexes', '/networks?page=1', '/networks?page=1']);
    await c.close();
  });
});

describe('limits and failures', () => {
  test('10 calls a minute: the 11th is RATE_LIMITED with no request; the next minute reaches the vendor', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 9, 1, 12, 0, 0));
    const c = client();
    for (let i = 0; i < 10; i++)
      expect(await c.market.pair({ address: GT.pool, fresh: true })).toMatchObject({ status: 'LIVE' });
    expect(gt.paths).toHaveLength(10);
    const eleventh = await c.market.pair({ address: GT.pool, fresh: true });
    expect(eleventh).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [{ provider: 'geckoterminal' }],
    });
    expect(gt.paths).toHaveLength(10);
    vi.setSystemTime(Date.now() + 60_000);
    expect(await c.market.pair({ address: GT.pool, fresh: true })).toMatchObject({ status: 'LIVE' });
    expect(gt.paths).toHaveLength(11);
    await c.close();
  });

  test('HTTP 429 is RATE_LIMITED', async () => {
    const c = client();
    gt.failNext.push({
      status: 429,
      headers: { 'retry-after': '0' },
      body: { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } },
    });
    const result = await c.market.pair({ address: GT.pool });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        { provider: 'geckoterminal', error: expect.stringMatching(/^rate_limited: .*HTTP 429/) as unknown },
      ],
    });
    expect(gt.paths).toHaveLength(1);
    await c.close();
  });

  test('a 429 Retry-After reaches the router as retryAfterMs', async () => {
    const fetcher = createGuardedFetch();
    const slots = createSlots([geckoterminalDescriptor], {
      env: { GECKOTERMINAL_BASE_URL: gt.baseUrl, PKG_NET_ALLOW_PRIVATE: '1' },
      chain: CHAINS.robinhood,
      fetcher,
      redact: (text) => text,
      throttles: createThrottleRegistry(),
    });
    const runtime = await slots[0]?.runtime();
    gt.failNext.push({ status: 429, headers: { 'retry-after': '7' }, body: {} });
    await expect(
      runtime?.handlers['market.pair']?.({ network: 'robinhood', address: GT.pool }),
    ).rejects.toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 7000,
    });
    await fetcher.close();
  });

  test('market.networks is cached 1 h', async () => {
    const clock = fakeClock();
    const c = client(clock);
    expect(await c.market.networks({})).toMatchObject({ status: 'LIVE' });
    expect(await c.market.networks({})).toMatchObject({
      status: 'CACHED',
      provenance: { fresh: false, cache: { ttlMs: 3_600_000 } },
    });
    expect(gt.paths).toHaveLength(1);
    clock.advance(3_600_000 + 1);
    expect(await c.market.networks({})).toMatchObject({ status: 'LIVE' });
    expect(gt.paths).toHaveLength(2);
    await c.close();
  });

  test('an unknown network, pool or token is UNAVAILABLE (HTTP 404 is no listing)', async () => {
    const c = client();
    const network = await c.market.pair({ network: 'nochain', address: GT.pool });
    expect(network).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      network: 'nochain',
      answers: [
        {
          provider: 'geckoterminal',
          error: expect.stringMatching(/^no data: .*HTTP 404 Not Found/) as unknown,
        },
      ],
    });
    expect(gt.paths).toEqual([`/networks/nochain/pools/${GT.pool}?include=base_token%2Cquote_token%2Cdex`]);
    expect(await c.market.ohlcv({ network: 'nochain', pool: GT.pool, timeframe: 'day' })).toMatchObject({
      status: 'UNAVAILABLE',
    });
    expect(await c.market.pair({ address: GT.unknown })).toMatchObject({ status: 'UNAVAILABLE' });
    expect(await c.market.token({ address: GT.unknown })).toMatchObject({ status: 'UNAVAILABLE' });
    await c.close();
  });

  test('an empty data list is UNAVAILABLE', async () => {
    const c = client();
    gt.emptyLists = true;
    for (const result of [
      await c.market.trendingPools({}),
      await c.market.newPools({}),
      await c.market.pools({}),
      await c.market.tokenPairs({ address: GT.token }),
      await c.market.dexes({}),
      await c.market.networks({ page: 2 }),
    ])
      expect(result).toMatchObject({ status: 'UNAVAILABLE', answers: [{ provider: 'geckoterminal' }] });
    expect(gt.paths).toHaveLength(6);
    await c.close();
  });

  test('5xx and non-JSON are provider failures; another 4xx is PROVIDER_ERROR', async () => {
    const c = client();
    gt.failNext.push({ status: 502, raw: '<html>Bad Gateway</html>', body: undefined });
    expect(await c.market.pair({ address: GT.pool })).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
    });
    gt.failNext.push({ status: 200, raw: '<html>challenge</html>', body: undefined });
    expect(await c.market.pair({ address: GT.pool })).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
    });
    gt.failNext.push({ status: 400, body: { errors: [{ status: '400', title: 'Bad Request' }] } });
    expect(await c.market.pair({ address: GT.pool })).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [{ error: expect.stringMatching(/^refused: .*HTTP 400 Bad Request/) as unknown }],
    });
    expect(gt.paths).toHaveLength(3);
    await c.close();
  });

  test('fdv_usd, market_cap_usd, reserve_in_usd and price_change_percentage.h24 left out are absent', async () => {
    const c = client();
    gt.stripPoolFields = true;
    const result = await c.market.pair({ address: GT.pool });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: { priceChangePct: { m5: 0.35, h1: -1.1, h6: 4.2 } },
    });
    const data = (result.status === 'LIVE' ? result.data : {}) as Record<string, unknown>;
    for (const member of ['fdvUsd', 'marketCapUsd', 'liquidityUsd']) expect(data).not.toHaveProperty(member);
    expect(data.priceChangePct).not.toHaveProperty('h24');
    await c.close();
  });
});
