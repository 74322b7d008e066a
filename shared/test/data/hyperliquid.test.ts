// Hyperliquid, the perpetuals and spot exchange, through the real client against its double: the
// perp universe zipped with its contexts and ordered by volume (main dex and a builder dex),
// delisted markets, spot pairs named through the token list, absent members, the documented
// errors (429 with Retry-After, 422, 5xx, non-JSON), no data, the cache and health.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { HYPERLIQUID_CAPABILITIES } from '../../src/data/capabilities/hyperliquid.js';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { hyperliquidDescriptor } from '../../src/data/providers/hyperliquid/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { startHyperliquidServer, type HyperliquidDouble } from '../vendors/hyperliquid-server.js';
import { fakeClock } from './doubles.js';

let h: HyperliquidDouble;
beforeAll(async () => {
  h = await startHyperliquidServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

function client(clock = fakeClock()) {
  return createDataClient({
    env: { HYPERLIQUID_BASE_URL: h.origin, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [hyperliquidDescriptor],
    capabilities: [...HYPERLIQUID_CAPABILITIES],
    clock,
    throttles: createThrottleRegistry(),
  });
}

const dataOf = (result: { status: string; data?: unknown }) =>
  (result.status === 'LIVE' || result.status === 'CACHED' ? result.data : undefined) as Record<
    string,
    unknown
  >;

describe('hyperliquid', () => {
  test('perps.markets: the main dex by 24 h volume, contexts zipped by index, delisted left out, global provenance', async () => {
    const c = client();
    const result = await c.run('perps.markets', {});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'hyperliquid', chain: 'global', fresh: true },
    });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('chainId');
    expect(dataOf(result)).toEqual({
      collateralToken: 0,
      markets: [
        {
          name: 'BTC',
          szDecimals: 5,
          maxLeverage: 40,
          markPx: '104211.0',
          midPx: '104211.5',
          oraclePx: '104230.0',
          prevDayPx: '102980.0',
          funding: '0.0000125',
          premium: '-0.00018',
          openInterest: '31250.44',
          openInterestNotional: 3256639602.84,
          volume24hNotional: 3821055401.2,
          volume24hBase: '36920.1',
          change24hPct: 1.19537774325,
          impactBidPx: '104210.0',
          impactAskPx: '104212.0',
        },
        {
          // No book: midPx, premium and impactPxs are null upstream, absent here.
          name: 'ETH',
          szDecimals: 4,
          maxLeverage: 25,
          markPx: '3980.2',
          oraclePx: '3981.0',
          prevDayPx: '3901.5',
          funding: '0.00001',
          openInterest: '612000.2',
          openInterestNotional: 2435883196.04,
          volume24hNotional: 1250000000.5,
          volume24hBase: '314000.0',
          change24hPct: 2.01717288222,
        },
        {
          name: 'DOGE',
          szDecimals: 0,
          maxLeverage: 10,
          marginMode: 'strictIsolated',
          onlyIsolated: true,
          markPx: '0.16205',
          midPx: '0.16205',
          oraclePx: '0.16211',
          prevDayPx: '0.1681',
          funding: '-0.0000031',
          premium: '-0.0003',
          openInterest: '510000000.0',
          openInterestNotional: 82645500,
          volume24hNotional: 88000000,
          volume24hBase: '541000000.0',
          change24hPct: -3.5990481856,
          impactBidPx: '0.16202',
          impactAskPx: '0.16208',
        },
      ],
    });
    expect(h.calls).toEqual([
      { path: '/info', method: 'POST', contentType: 'application/json', body: { type: 'metaAndAssetCtxs' } },
    ]);
    await c.close();
  });

  test('perps.markets with dex: the builder dex is asked for by name and named in the answer', async () => {
    const c = client();
    const result = await c.run('perps.markets', { dex: 'xyz' });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'hyperliquid', chain: 'global' } });
    const data = dataOf(result) as { dex: string; markets: Record<string, unknown>[] };
    expect(data.dex).toBe('xyz');
    expect(data.markets.map((m) => m.name)).toEqual(['xyz:NVDA', 'xyz:TSLA']);
    expect(data.markets[1]).toMatchObject({
      name: 'xyz:TSLA',
      onlyIsolated: true,
      openInterestNotional: 30269725.6,
      change24hPct: 1.29032258065,
    });
    expect(h.calls[0]?.body).toEqual({ type: 'metaAndAssetCtxs', dex: 'xyz' });
    await c.close();
  });

  test('includeDelisted lists delisted markets marked delisted; limit keeps the highest volumes', async () => {
    const c = client();
    const all = dataOf(await c.run('perps.markets', { includeDelisted: true })) as {
      markets: Record<string, unknown>[];
    };
    expect(all.markets.map((m) => m.name)).toEqual(['BTC', 'ETH', 'DOGE', 'OLD']);
    expect(all.markets[3]).toMatchObject({
      name: 'OLD',
      delisted: true,
      onlyIsolated: true,
      volume24hNotional: 0,
    });
    const top = dataOf(await c.run('perps.markets', { limit: 2 })) as { markets: Record<string, unknown>[] };
    expect(top.markets.map((m) => m.name)).toEqual(['BTC', 'ETH']);
    await c.close();
  });

  test('a dex Hyperliquid does not know, and an empty universe, are UNAVAILABLE (no data), never an empty list', async () => {
    const c = client();
    const unknown = await c.run('perps.markets', { dex: 'nope' });
    expect(unknown).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      answers: [{ provider: 'hyperliquid', error: 'no data: Hyperliquid lists no perp dex "nope"' }],
    });
    expect(unknown).not.toHaveProperty('data');
    h.emptyUniverse = true;
    const empty = await c.run('perps.markets', {});
    expect(empty).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [
        { provider: 'hyperliquid', error: 'no data: Hyperliquid lists no markets on the main perp dex' },
      ],
    });
    await c.close();
  });

  test('perps.spot: pairs by volume, base and quote named through token indices, absent members left out', async () => {
    const c = client();
    const result = await c.run('perps.spot', {});
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'hyperliquid', chain: 'global' } });
    expect(dataOf(result)).toEqual({
      pairs: [
        {
          name: '@107',
          index: 107,
          canonical: false,
          base: 'HYPE',
          quote: 'USDC',
          baseFullName: 'Hyperliquid',
          baseTokenId: '0x0d01dc56dcaaca66ad901c959b4011ec',
          baseEvmContract: '0x2222222222222222222222222222222222222222',
          markPx: '42.05',
          midPx: '42.055',
          prevDayPx: '41.20',
          volume24hNotional: 76912970.3,
          volume24hBase: '1830000.7',
          circulatingSupply: '333000000.0',
          totalSupply: '999990000.0',
          marketCapNotional: 14002650000,
          change24hPct: 2.06310679612,
        },
        {
          name: 'PURR/USDC',
          index: 0,
          canonical: true,
          base: 'PURR',
          quote: 'USDC',
          baseFullName: 'Purr',
          baseTokenId: '0xc1fb593aeffbeb02f85e0308e9956a90',
          markPx: '0.1497',
          midPx: '0.14975',
          prevDayPx: '0.1510',
          volume24hNotional: 1203000.5,
          volume24hBase: '8040000.0',
          circulatingSupply: '596000000.0',
          totalSupply: '999990000.0',
          marketCapNotional: 89221200,
          change24hPct: -0.860927152318,
        },
        {
          // No full name, no EVM contract, no book; a previous-day price of 0 gives no change.
          name: '@240',
          index: 240,
          canonical: false,
          base: 'NEW',
          quote: 'USDC',
          baseTokenId: '0x3333333333333333333333333333333a',
          markPx: '0.012',
          prevDayPx: '0.0',
          volume24hNotional: 0,
          volume24hBase: '0.0',
          circulatingSupply: '1000000.0',
          totalSupply: '1000000.0',
          marketCapNotional: 12000,
        },
      ],
    });
    expect(h.calls.map((x) => x.body)).toEqual([{ type: 'spotMetaAndAssetCtxs' }]);
    const top = dataOf(await c.run('perps.spot', { limit: 1 })) as { pairs: { name: string }[] };
    expect(top.pairs.map((p) => p.name)).toEqual(['@107']);
    await c.close();
  });

  test('429 (weight budget spent) is RATE_LIMITED after one request, with no fallback', async () => {
    h.failNext.push({ status: 429, raw: '', headers: { 'retry-after': '30' } });
    const c = client();
    const result = await c.run('perps.markets', {});
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        { provider: 'hyperliquid', error: 'rate_limited: info metaAndAssetCtxs: HTTP 429' },
      ],
    });
    expect(h.count('metaAndAssetCtxs')).toBe(1);
    await c.close();
  });

  test("422 (a body Hyperliquid cannot deserialize) is PROVIDER_ERROR with Hyperliquid's reason", async () => {
    h.failNext.push({
      status: 422,
      raw: 'Failed to deserialize the JSON body into the target type: missing field `type` at line 1 column 2',
    });
    const c = client();
    const result = await c.run('perps.spot', {});
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [
        {
          provider: 'hyperliquid',
          error:
            'refused: info spotMetaAndAssetCtxs: HTTP 422 Failed to deserialize the JSON body into the target type: missing field `type` at line 1 column 2',
        },
      ],
    });
    await c.close();
  });

  test('5xx and a non-JSON 200 are provider failures (ALL_PROVIDERS_FAILED)', async () => {
    h.failNext.push({ status: 502, raw: '<html>Bad Gateway</html>', contentType: 'text/html' });
    h.failNext.push({ status: 200, raw: '<html>maintenance</html>', contentType: 'text/html' });
    const c = client();
    const first = await c.run('perps.markets', {});
    expect(first).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'hyperliquid', error: 'info metaAndAssetCtxs: HTTP 502' }],
    });
    const second = await c.run('perps.markets', { fresh: true });
    expect(second).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'hyperliquid', error: 'info metaAndAssetCtxs: non-JSON response (HTTP 200)' },
      ],
    });
    await c.close();
  });

  test('a universe and contexts of different lengths are a failure, never a misaligned answer', async () => {
    h.failNext.push({
      status: 200,
      body: [{ universe: [{ name: 'BTC', szDecimals: 5, maxLeverage: 40 }], marginTables: [] }, []],
    });
    const c = client();
    const result = await c.run('perps.markets', {});
    expect(result).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'hyperliquid', error: 'info metaAndAssetCtxs: 1 markets but 0 contexts' },
      ],
    });
    await c.close();
  });

  test('answers are cached 30 s (block class); fresh asks again', async () => {
    const clock = fakeClock();
    const c = client(clock);
    await c.run('perps.markets', {});
    const cached = await c.run('perps.markets', {});
    expect(cached).toMatchObject({ status: 'CACHED', provenance: { source: 'hyperliquid', fresh: false } });
    expect(h.count('metaAndAssetCtxs')).toBe(1);
    await c.run('perps.markets', { fresh: true });
    expect(h.count('metaAndAssetCtxs')).toBe(2);
    clock.advance(30_001);
    expect(await c.run('perps.markets', {})).toMatchObject({ status: 'LIVE' });
    expect(h.count('metaAndAssetCtxs')).toBe(3);
    await c.close();
  });

  test('invalid parameters are INVALID_INPUT before any request', async () => {
    const c = client();
    expect(await c.run('perps.markets', { dex: 'Not A Dex!' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(await c.run('perps.spot', { limit: 0 })).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(await c.run('perps.spot', { other: 1 })).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(h.calls).toHaveLength(0);
    await c.close();
  });

  test('health asks allMids (the cheapest request) and counts the coins; keyless endpoint shown as is', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections.hyperliquid).toMatchObject({ status: 'LIVE', data: { coinsWithMids: 5 } });
    expect(h.calls.map((x) => x.body)).toEqual([{ type: 'allMids' }]);
    expect(c.providers.list()[0]).toMatchObject({
      id: 'hyperliquid',
      configured: true,
      endpoint: `${h.origin}/info (POST)`,
      capabilities: ['perps.markets', 'perps.spot'],
    });
    expect(hyperliquidDescriptor.throttlePerMinute).toBe(60);
    await c.close();
  });
});
