// DefiLlama through the real client against its three-host double: the chain found in /v2/chains
// (by chain id, else by its known name), each defi.* capability, members left out, the chain not
// listed (UNAVAILABLE, nothing else asked), DefiLlama's errors (429, 402, 4xx, 5xx in plain text,
// HTML pages, payloads of another shape), parameters refused before any request, the cache, health.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DEFILLAMA_CAPABILITY_DEFINITIONS } from '../../src/data/capabilities/defillama.js';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { defillamaDescriptor } from '../../src/data/providers/defillama/descriptor.js';
import { chainAliases, chainIdOf, findChain } from '../../src/data/providers/defillama/index.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import {
  CHAIN_NAME,
  startDefillamaServer,
  type DefillamaDouble,
  type DefillamaQueued,
} from '../vendors/defillama-server.js';
import { fakeClock } from './doubles.js';

let d: DefillamaDouble;
beforeAll(async () => {
  d = await startDefillamaServer();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

function client(clock = fakeClock()) {
  return createDataClient({
    env: {
      DEFILLAMA_BASE_URL: d.api.origin,
      DEFILLAMA_STABLECOINS_BASE_URL: d.stablecoins.origin,
      DEFILLAMA_YIELDS_BASE_URL: d.yields.origin,
      PKG_NET_ALLOW_PRIVATE: '1',
    },
    providers: [defillamaDescriptor],
    capabilities: [...DEFILLAMA_CAPABILITY_DEFINITIONS],
    clock,
    throttles: createThrottleRegistry(),
  });
}

const CAPABILITIES = DEFILLAMA_CAPABILITY_DEFINITIONS.map((c) => c.name);
const CHAINS = /^\/v2\/chains$/;
const LIVE = {
  status: 'LIVE',
  provenance: { source: 'defillama', chain: 'robinhood', chainId: 4663, fresh: true },
};

describe('defillama', () => {
  test('defi.chainTvl: the chain found by chain id 4663 in /v2/chains, with its TVL in USD', async () => {
    const c = client();
    const result = await c.run('defi.chainTvl', {});
    expect(resultSchema.parse(result)).toMatchObject(LIVE);
    expect(result.status === 'LIVE' && result.data).toEqual({
      chain: CHAIN_NAME,
      chainId: 4663,
      tvlUsd: 903457442.1,
      tokenSymbol: 'ETH',
      geckoId: 'rh-chain-gecko',
      cmcId: '4663001',
    });
    expect(d.calls).toEqual([{ host: 'api', path: '/v2/chains', query: {} }]);
    await c.close();
  });

  test('without a chain id in /v2/chains the chain is found by its DefiLlama name; an id-less other chain is never taken', async () => {
    d.chainListing = 'noId';
    const c = client();
    const result = await c.run('defi.chainTvl', {});
    expect(result).toMatchObject(LIVE);
    expect(result.status === 'LIVE' && result.data).toMatchObject({ chain: CHAIN_NAME, tvlUsd: 903457442.1 });
    expect(result.status === 'LIVE' && result.data).not.toHaveProperty('chainId');
    // The matching rules themselves: an id (number or decimal string) wins over a name; a name
    // never matches an entry that carries another chain id.
    expect(chainIdOf('4663')).toBe(4663);
    expect(chainIdOf('0x1237')).toBeUndefined();
    expect(
      findChain(
        [
          { name: 'Renamed', chainId: '4663' },
          { name: CHAIN_NAME, chainId: null },
        ],
        4663,
      )?.name,
    ).toBe('Renamed');
    expect(findChain([{ name: CHAIN_NAME, chainId: 46630 }], 4663)).toBeUndefined();
    expect(findChain([{ name: 'Ethereum', chainId: 1 }], 4663)).toBeUndefined();
    expect(chainAliases(CHAIN_NAME)).toEqual(['robinhood chain', 'robinhood']);
    await c.close();
  });

  test('defi.protocols: protocols with TVL on the chain (its plain key only), largest first, cut to limit', async () => {
    const c = client();
    const result = await c.run('defi.protocols', {});
    expect(resultSchema.parse(result)).toMatchObject(LIVE);
    expect(result.status === 'LIVE' && result.data).toEqual({
      chain: CHAIN_NAME,
      total: 3,
      protocols: [
        {
          name: 'Harbor Swap',
          slug: 'harbor-swap',
          symbol: 'HBR',
          category: 'Dexs',
          tvlUsd: 588000000,
          totalTvlUsd: 1588000000,
          change1hPct: 0.05,
          change1dPct: 2.4,
          change7dPct: 6.1,
          chains: ['Ethereum', CHAIN_NAME],
          url: 'https://harbor.example',
          logo: 'https://icons.example/harbor.png',
        },
        {
          name: 'Keel Lend',
          slug: 'keel-lend',
          symbol: 'KEEL',
          category: 'Lending',
          tvlUsd: 212000000,
          totalTvlUsd: 212000000,
          change1hPct: -0.2,
          change1dPct: -1.5,
          change7dPct: 3.3,
          chains: [CHAIN_NAME],
          url: 'https://keel.example',
          logo: 'https://icons.example/keel.png',
        },
        // "-" is DefiLlama's "no token": absent; null changes are absent too.
        {
          name: 'Pier Launch',
          slug: 'pier-launch',
          category: 'Launchpad',
          tvlUsd: 15500000,
          totalTvlUsd: 15500000,
          change7dPct: 40.2,
          chains: [CHAIN_NAME],
        },
      ],
    });
    const limited = await c.run('defi.protocols', { limit: 1 });
    expect(limited.status === 'LIVE' && limited.data).toMatchObject({
      total: 3,
      protocols: [{ name: 'Harbor Swap' }],
    });
    // The chain's name is looked up once per runtime.
    expect(d.count('api', CHAINS)).toBe(1);
    expect(d.count('api', /^\/protocols$/)).toBe(2);
    await c.close();
  });

  test('the full /protocols list may be larger than the 5 MiB cap of other answers', async () => {
    d.fillerProtocols = 25_000;
    const c = client();
    const result = await c.run('defi.protocols', {});
    expect(result).toMatchObject({ status: 'LIVE', data: { total: 3 } });
    expect(
      result.status === 'LIVE' &&
        (result.data as { protocols: { name: string }[] }).protocols.map((p) => p.name),
    ).toEqual(['Harbor Swap', 'Keel Lend', 'Pier Launch']);
    await c.close();
  });

  test('defi.dexVolume: totals, changes and each DEX by 24 h volume; the name URL-encoded, both chart switches sent', async () => {
    const c = client();
    const result = await c.run('defi.dexVolume', {});
    expect(resultSchema.parse(result)).toMatchObject(LIVE);
    expect(result.status === 'LIVE' && result.data).toEqual({
      chain: CHAIN_NAME,
      total24hUsd: 1530000000,
      total7dUsd: 9400000000,
      total30dUsd: 36100000000,
      total1yUsd: 250000000000,
      totalAllTimeUsd: 310000000000,
      change1dPct: 1.66,
      change7dPct: 4.1,
      change1mPct: 12,
      protocols: [
        {
          name: 'Tide AMM',
          displayName: 'Tide AMM',
          slug: 'tide-amm',
          defillamaId: '2003',
          category: 'Dexs',
          total24hUsd: 960000000,
          total7dUsd: 6000000000,
          total30dUsd: 23000000000,
          change1dPct: 1.1,
        },
        {
          name: 'Harbor Swap',
          displayName: 'Harbor Swap',
          slug: 'harbor-swap',
          defillamaId: '2002',
          category: 'Dexs',
          total24hUsd: 570000000,
          total7dUsd: 3400000000,
          total30dUsd: 13100000000,
          change1dPct: 2.4,
        },
      ],
    });
    expect(d.calls.find((x) => x.path.startsWith('/overview/'))).toEqual({
      host: 'api',
      path: '/overview/dexs/Robinhood%20Chain',
      query: {
        excludeTotalDataChart: 'true',
        excludeTotalDataChartBreakdown: 'true',
        dataType: 'dailyVolume',
      },
    });
    await c.close();
  });

  test('defi.fees: fees and revenue from the dailyFees and dailyRevenue views, merged per protocol, by 24 h fees', async () => {
    const c = client();
    const result = await c.run('defi.fees', {});
    expect(resultSchema.parse(result)).toMatchObject(LIVE);
    expect(result.status === 'LIVE' && result.data).toEqual({
      chain: CHAIN_NAME,
      fees: {
        total24hUsd: 2150000,
        total7dUsd: 14900000,
        total30dUsd: 60500000,
        change1dPct: 3.5,
        change7dPct: 5.25,
        change1mPct: 9.75,
      },
      revenue: {
        total24hUsd: 410000,
        total7dUsd: 2800000,
        total30dUsd: 11000000,
        change1dPct: -2.5,
        change7dPct: 1,
        change1mPct: 8,
      },
      protocols: [
        {
          name: 'Harbor Swap',
          displayName: 'Harbor Swap',
          slug: 'harbor-swap',
          defillamaId: '2002',
          category: 'Dexs',
          fees: { total24hUsd: 1700000, total7dUsd: 11800000, change1dPct: 2 },
          revenue: { total24hUsd: 310000, total7dUsd: 2100000 },
        },
        // No revenue reported for it: revenue absent, never 0.
        {
          name: 'Pier Launch',
          displayName: 'Pier Launch',
          slug: 'pier-launch',
          defillamaId: '1004',
          category: 'Launchpad',
          fees: { total24hUsd: 450000, total7dUsd: 3100000 },
        },
      ],
    });
    const views = d.calls
      .filter((x) => x.path === '/overview/fees/Robinhood%20Chain')
      .map((x) => x.query.dataType);
    expect(views.sort()).toEqual(['dailyFees', 'dailyRevenue']);
    await c.close();
  });

  test('defi.stablecoins: supply per peg type and in total, from the stablecoins host', async () => {
    const c = client();
    const result = await c.run('defi.stablecoins', {});
    expect(resultSchema.parse(result)).toMatchObject(LIVE);
    expect(result.status === 'LIVE' && result.data).toEqual({
      chain: CHAIN_NAME,
      circulatingUsd: 752500000,
      byPegType: { peggedUSD: 750000000, peggedEUR: 2500000 },
    });
    expect(d.count('stablecoins', /^\/stablecoinchains$/)).toBe(1);
    expect(d.count('api', /^\/stablecoinchains$/)).toBe(0);
    // The OpenAPI example's shape (`totalCirculating`, in each peg's unit): only peggedUSD is USD.
    d.failNext.push({
      host: 'stablecoins',
      status: 200,
      body: [
        {
          name: CHAIN_NAME,
          gecko_id: null,
          tokenSymbol: null,
          totalCirculating: { peggedUSD: 640000000, peggedEUR: 1000000 },
        },
      ],
    });
    const older = await c.run('defi.stablecoins', { fresh: true });
    expect(older.status === 'LIVE' && older.data).toEqual({
      chain: CHAIN_NAME,
      circulatingUsd: 640000000,
      byPegType: { peggedUSD: 640000000 },
    });
    await c.close();
  });

  test("defi.yields: the chain's pools from the yields host, largest TVL first, cut to limit", async () => {
    const c = client();
    const result = await c.run('defi.yields', { limit: 2 });
    expect(resultSchema.parse(result)).toMatchObject(LIVE);
    expect(result.status === 'LIVE' && result.data).toEqual({
      chain: CHAIN_NAME,
      total: 3,
      pools: [
        {
          pool: 'cccccccc-1111-4222-8333-444444444444',
          project: 'harbor-swap',
          symbol: 'WETH-USDG',
          tvlUsd: 48000000,
          apyPct: 18.5,
          apyBasePct: 12.5,
          apyRewardPct: 6,
          apyChange1dPct: 1.5,
          apyChange7dPct: -2,
          apyChange30dPct: 3.25,
          apyBase7dPct: 11.9,
          apyMean30dPct: 16.2,
          il7dPct: -0.42,
          volume1dUsd: 9100000,
          volume7dUsd: 60400000,
          stablecoin: false,
          ilRisk: 'yes',
          exposure: 'multi',
          poolMeta: '0.3%',
          rewardTokens: ['0x3333333333333333333333333333333333333333'],
          underlyingTokens: [
            '0x4444444444444444444444444444444444444444',
            '0x2222222222222222222222222222222222222222',
          ],
          prediction: { class: 'Down', probabilityPct: 64, binnedConfidence: 1 },
        },
        {
          pool: 'bbbbbbbb-1111-4222-8333-444444444444',
          project: 'keel-lend',
          symbol: 'USDG',
          tvlUsd: 12500000,
          apyPct: 4.1,
          apyBasePct: 4.1,
          apyChange1dPct: -0.04,
          apyChange7dPct: 0.2,
          apyBase7dPct: 4.05,
          apyMean30dPct: 3.98,
          stablecoin: true,
          ilRisk: 'no',
          exposure: 'single',
          underlyingTokens: ['0x2222222222222222222222222222222222222222'],
          prediction: { class: 'Stable/Up', probabilityPct: 71, binnedConfidence: 2 },
        },
      ],
    });
    expect(d.count('yields', /^\/pools$/)).toBe(1);
    await c.close();
  });

  test('pools the yields server names after the chain key ("Robinhood") are the chain\'s pools too', async () => {
    d.poolChain = 'Robinhood';
    const c = client();
    const result = await c.run('defi.yields', {});
    expect(result).toMatchObject({ status: 'LIVE', data: { chain: CHAIN_NAME, total: 3 } });
    await c.close();
  });

  test('members DefiLlama left out or sent as null are absent, never 0 or ""', async () => {
    d.sparse = true;
    const c = client();
    const tvl = await c.run('defi.chainTvl', {});
    expect(tvl.status === 'LIVE' && tvl.data).toEqual({
      chain: CHAIN_NAME,
      chainId: 4663,
      tvlUsd: 903457442.1,
    });
    const protocols = await c.run('defi.protocols', {});
    expect(protocols.status === 'LIVE' && protocols.data).toMatchObject({
      protocols: [
        { name: 'Harbor Swap' },
        { name: 'Keel Lend', tvlUsd: 212000000, chains: [CHAIN_NAME] },
        { name: 'Pier Launch' },
      ],
    });
    const keel =
      protocols.status === 'LIVE' ? (protocols.data as { protocols: unknown[] }).protocols[1] : undefined;
    expect(keel).toEqual({ name: 'Keel Lend', tvlUsd: 212000000, chains: [CHAIN_NAME] });
    const volume = await c.run('defi.dexVolume', {});
    expect(volume.status === 'LIVE' && volume.data).toEqual({
      chain: CHAIN_NAME,
      total24hUsd: 1530000000,
      protocols: [
        {
          name: 'Harbor Swap',
          displayName: 'Harbor Swap',
          slug: 'harbor-swap',
          defillamaId: '2002',
          category: 'Dexs',
          total24hUsd: 570000000,
        },
        {
          name: 'Tide AMM',
          displayName: 'Tide AMM',
          slug: 'tide-amm',
          defillamaId: '2003',
          category: 'Dexs',
        },
      ],
    });
    const stable = await c.run('defi.stablecoins', {});
    expect(stable.status === 'LIVE' && stable.data).toEqual({
      chain: CHAIN_NAME,
      circulatingUsd: 750000000,
      byPegType: { peggedUSD: 750000000 },
    });
    const yields = await c.run('defi.yields', {});
    const pier = yields.status === 'LIVE' ? (yields.data as { pools: unknown[] }).pools[2] : undefined;
    expect(pier).toEqual({
      pool: 'dddddddd-1111-4222-8333-444444444444',
      project: 'pier-launch',
      symbol: 'PIER',
      tvlUsd: 300000,
      apyPct: 55,
    });
    await c.close();
  });

  test('the chain not listed in /v2/chains: every capability UNAVAILABLE, and no other endpoint is asked', async () => {
    d.chainListing = 'absent';
    const c = client();
    for (const name of CAPABILITIES) {
      const result = await c.run(name, {});
      expect(resultSchema.parse(result)).toMatchObject({
        status: 'UNAVAILABLE',
        code: 'CAPABILITY_UNAVAILABLE',
        capability: name,
        provider: 'defillama',
        network: 'robinhood',
        reason: 'no provider has data',
        answers: [
          { provider: 'defillama', error: expect.stringContaining('DefiLlama does not list chain 4663') },
        ],
      });
      expect(result).not.toHaveProperty('data');
    }
    expect(d.calls.every((x) => x.host === 'api' && x.path === '/v2/chains')).toBe(true);
    // One look-up: the runtime believes "not listed" for an hour.
    expect(d.count('api', CHAINS)).toBe(1);
    await c.close();
  });

  test('a listed chain without stablecoins, or whose overview is 404, is UNAVAILABLE naming what is missing', async () => {
    d.stablecoinsListed = false;
    d.failNext.push({ host: 'api', match: /^\/overview\/dexs\//, status: 404, raw: 'Data not found' });
    const c = client();
    expect(await c.run('defi.stablecoins', {})).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [
        { provider: 'defillama', error: 'no data: DefiLlama lists no stablecoin supply on Robinhood Chain' },
      ],
    });
    expect(await c.run('defi.dexVolume', {})).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ error: expect.stringContaining('DefiLlama lists no DEX volume on Robinhood Chain') }],
    });
    await c.close();
  });

  test('429 with Retry-After is RATE_LIMITED after one request', async () => {
    d.failNext.push({
      host: 'yields',
      status: 429,
      raw: 'Too Many Requests',
      headers: { 'retry-after': '30' },
    });
    const c = client();
    const result = await c.run('defi.yields', {});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [{ provider: 'defillama', error: expect.stringContaining('/pools: HTTP 429') }],
    });
    expect(d.count('yields', /^\/pools$/)).toBe(1);
    await c.close();
  });

  test('5xx in plain text or as an HTML page, an HTML 200 and a payload of another shape are provider failures', async () => {
    // A client per case: three failures in a row would put the provider in its cool-down.
    const once = async (name: string, queued: DefillamaQueued, params: Record<string, unknown> = {}) => {
      const c = client();
      d.failNext.push(queued);
      const result = await c.run(name, params);
      await c.close();
      return result;
    };
    expect(
      await once('defi.chainTvl', { host: 'api', match: CHAINS, status: 500, raw: 'Internal server error' }),
    ).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [
        { provider: 'defillama', error: '/v2/chains: HTTP 500 ("Internal server error")' },
      ],
    });
    expect(
      await once('defi.chainTvl', {
        host: 'api',
        match: CHAINS,
        status: 502,
        raw: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>cloudflare</body></html>',
        contentType: 'text/html',
      }),
    ).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ error: '/v2/chains: HTTP 502 (an HTML page)' }],
    });
    expect(
      await once('defi.stablecoins', {
        host: 'stablecoins',
        status: 200,
        raw: '<html><body>maintenance</body></html>',
        contentType: 'text/html',
      }),
    ).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { error: expect.stringContaining('/stablecoinchains: non-JSON response (HTTP 200)') },
      ],
    });
    expect(
      await once('defi.protocols', {
        host: 'api',
        match: /^\/protocols$/,
        status: 200,
        body: { protocols: [] },
      }),
    ).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ error: expect.stringContaining('/protocols: unexpected payload') }],
    });
    expect(
      await once('defi.protocols', {
        host: 'api',
        match: /^\/protocols$/,
        status: 200,
        body: [{ name: 'Broken', chainTvls: { [CHAIN_NAME]: 5 }, chains: 'not a list' }],
      }),
    ).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ error: expect.stringContaining('/protocols: unexpected protocol') }],
    });
    expect(
      await once('defi.yields', { host: 'yields', status: 200, body: { status: 'error', data: [] } }),
    ).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ error: '/pools: status "error"' }],
    });
    // An overview answered for another chain is never taken for this one.
    expect(
      await once('defi.dexVolume', {
        host: 'api',
        match: /^\/overview\/dexs\//,
        status: 200,
        body: { chain: 'Ethereum', protocols: [] },
      }),
    ).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { error: expect.stringContaining('answered for Ethereum instead of Robinhood Chain') },
      ],
    });
    // A 5xx of the overview (DefiLlama's answer for a chain it has no overview of) is a failure too.
    expect(
      await once('defi.fees', {
        host: 'api',
        match: /^\/overview\/fees\//,
        status: 500,
        raw: 'Internal server error',
      }),
    ).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ error: expect.stringContaining('HTTP 500') }],
    });
  });

  test('402 (paid plan) is an unsupported method for the capability; another 4xx is PROVIDER_ERROR without fallback', async () => {
    const c = client();
    d.failNext.push({
      host: 'yields',
      status: 402,
      raw: 'Upgrade to the paid API plan at https://defillama.com/subscription',
    });
    expect(await c.run('defi.yields', {})).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'every provider refused the method',
      answers: [{ provider: 'defillama', error: expect.stringContaining('paid plan') }],
    });
    const before = d.count('yields');
    expect(await c.run('defi.yields', { fresh: true })).toMatchObject({ status: 'UNAVAILABLE' });
    expect(d.count('yields')).toBe(before);
    d.failNext.push({ host: 'stablecoins', status: 400, raw: 'Bad request' });
    expect(await c.run('defi.stablecoins', {})).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [
        { provider: 'defillama', error: 'refused: /stablecoinchains: HTTP 400 ("Bad request")' },
      ],
    });
    await c.close();
  });

  test('parameters are checked before any request', async () => {
    const c = client();
    for (const [name, params] of [
      ['defi.protocols', { limit: 0 }],
      ['defi.yields', { limit: 101 }],
      ['defi.yields', { limit: 2.5 }],
      ['defi.chainTvl', { chain: 'ethereum' }],
    ] as const) {
      expect(await c.run(name, params)).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    }
    expect(d.calls).toEqual([]);
    await c.close();
  });

  test('caching: within 30 s the answer is CACHED with no request; after 30 s, or with fresh, DefiLlama is asked again', async () => {
    const clock = fakeClock();
    const c = client(clock);
    const first = await c.run('defi.chainTvl', {});
    expect(first).toMatchObject({ status: 'LIVE', provenance: { expiresAt: '2026-10-01T12:00:30.000Z' } });
    clock.advance(29_000);
    const second = await c.run('defi.chainTvl', {});
    expect(resultSchema.parse(second)).toMatchObject({
      status: 'CACHED',
      data: { chain: CHAIN_NAME, tvlUsd: 903457442.1 },
      provenance: { source: 'defillama', fresh: false, cache: { ttlMs: 30_000, ageMs: 29_000 } },
    });
    expect(d.count('api', CHAINS)).toBe(1);
    expect(await c.run('defi.chainTvl', { fresh: true })).toMatchObject({ status: 'LIVE' });
    expect(d.count('api', CHAINS)).toBe(2);
    clock.advance(31_000);
    expect(await c.run('defi.chainTvl', {})).toMatchObject({ status: 'LIVE' });
    expect(d.count('api', CHAINS)).toBe(3);
    // Limits are part of the request: another limit is another answer.
    await c.run('defi.protocols', { limit: 1 });
    await c.run('defi.protocols', { limit: 1 });
    await c.run('defi.protocols', { limit: 2 });
    expect(d.count('api', /^\/protocols$/)).toBe(2);
    await c.close();
  });

  test('health counts the chains and says whether the chain is listed; the endpoint shows its three hosts', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections.defillama).toMatchObject({
      status: 'LIVE',
      data: { chains: 4, chain: CHAIN_NAME, listed: true },
    });
    expect(c.providers.list()[0]).toMatchObject({
      id: 'defillama',
      configured: true,
      endpoint: `${d.api.origin}/..., ${d.stablecoins.origin}/..., ${d.yields.origin}/...`,
      capabilities: CAPABILITIES,
    });
    await c.close();
  });

  test('without overrides the three real hosts are used and allowed', () => {
    const endpoint = defillamaDescriptor.configure({});
    expect(endpoint).toMatchObject({
      url: 'https://api.llama.fi',
      bases: {
        api: 'https://api.llama.fi',
        stablecoins: 'https://stablecoins.llama.fi',
        yields: 'https://yields.llama.fi',
      },
    });
    expect(defillamaDescriptor.defaultUrls).toEqual([
      'https://api.llama.fi',
      'https://stablecoins.llama.fi',
      'https://yields.llama.fi',
    ]);
    expect(
      defillamaDescriptor.configuredUrls({ DEFILLAMA_YIELDS_BASE_URL: 'https://mirror.example/yields' }),
    ).toEqual(['https://mirror.example/yields']);
  });
});
