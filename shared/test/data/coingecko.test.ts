// CoinGecko's real provider code against its double: ETH and token prices keyless and with the
// demo key, the asset platform of chain 4663 resolved at run time, DEX pools withheld without a
// key and served with one, global statistics, OHLC history, and every documented error body.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { coingeckoDescriptor } from '../../src/data/providers/coingecko/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import {
  CG_PLATFORM,
  CG_POOL,
  CG_QUOTE,
  CG_TOKEN,
  CG_UNLISTED,
  startCoingeckoServer,
  type CoingeckoDouble,
} from '../vendors/coingecko-server.js';
import { fakeClock } from './doubles.js';

const KEY = 'CG-demoKey0123456789abcdefXYZ';
const POOLS_REASON = 'CoinGecko serves DEX pools only with a key (set COINGECKO_API_KEY)';

let cg: CoingeckoDouble;
beforeAll(async () => {
  cg = await startCoingeckoServer(KEY);
});
afterAll(() => cg.close());
beforeEach(() => cg.reset());

function client(withKey: boolean, extra: DataEnv = {}) {
  return createDataClient({
    env: {
      COINGECKO_BASE_URL: cg.baseUrl,
      PKG_NET_ALLOW_PRIVATE: '1',
      ...(withKey ? { COINGECKO_API_KEY: KEY } : {}),
      ...extra,
    },
    providers: [coingeckoDescriptor],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
}

const PRICE_FLAGS = {
  vs_currencies: 'usd',
  include_market_cap: 'true',
  include_24hr_vol: 'true',
  include_24hr_change: 'true',
  include_last_updated_at: 'true',
};

describe.each([
  ['keyless', false],
  ['with the demo key', true],
] as const)('prices %s', (_label, withKey) => {
  const sentKey = withKey ? KEY : undefined;

  test('native ETH price from /simple/price', async () => {
    const c = client(withKey);
    const result = await c.market.tokenPrice({ address: 'native' });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        address: 'native',
        symbol: 'ETH',
        priceUsd: '2399.1',
        marketCapUsd: 289_000_000_000.5,
        volume24hUsd: 14_100_000_000.25,
        priceChange24hPct: -1.42,
        updatedAt: new Date(1_790_000_000_000).toISOString(),
      },
      provenance: { source: 'coingecko', chain: 'robinhood', chainId: 4663, fresh: true },
    });
    expect(cg.calls).toHaveLength(1);
    const [call] = cg.calls;
    expect(call?.path).toBe('/simple/price');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ ids: 'ethereum', ...PRICE_FLAGS });
    expect(call?.key).toBe(sentKey);
    await c.close();
  });

  test('contract price: the asset platform of chain 4663 is resolved once, then /simple/token_price', async () => {
    const c = client(withKey);
    const result = await c.market.tokenPrice({ address: CG_TOKEN });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        address: CG_TOKEN,
        priceUsd: '0.0000001234',
        volume24hUsd: 18_586.21,
        priceChange24hPct: 12.8,
        updatedAt: new Date(1_790_000_100_000).toISOString(),
      },
      provenance: { source: 'coingecko', chainId: 4663 },
    });
    if (result.status !== 'LIVE') throw new Error('expected LIVE');
    expect(result.data).not.toHaveProperty('marketCapUsd');
    expect(result.data).not.toHaveProperty('symbol');
    expect(cg.calls.map((call) => call.path)).toEqual([
      '/asset_platforms',
      `/simple/token_price/${CG_PLATFORM}`,
    ]);
    expect(Object.fromEntries(cg.calls[1]?.query ?? [])).toEqual({
      contract_addresses: CG_TOKEN,
      ...PRICE_FLAGS,
    });
    expect(cg.calls.every((call) => call.key === sentKey)).toBe(true);

    await c.market.tokenPrice({ address: CG_TOKEN, fresh: true });
    expect(cg.count('/asset_platforms')).toBe(1);
    expect(cg.count(`/simple/token_price/${CG_PLATFORM}`)).toBe(2);
    await c.close();
  });

  test('a contract CoinGecko does not list is UNAVAILABLE, never estimated', async () => {
    const c = client(withKey);
    expect(await c.market.tokenPrice({ address: CG_UNLISTED })).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'no provider has data',
      answers: [
        {
          provider: 'coingecko',
          error: `no data: CoinGecko lists no price for ${CG_UNLISTED} on ${CG_PLATFORM}`,
        },
      ],
    });
    await c.close();
  });
});

test('no asset platform for chain 4663: UNAVAILABLE from this provider alone, no price request', async () => {
  cg.platformListed = false;
  const c = client(false);
  const result = await c.market.tokenPrice({ address: CG_TOKEN });
  expect(resultSchema.parse(result)).toMatchObject({
    status: 'UNAVAILABLE',
    code: 'CAPABILITY_UNAVAILABLE',
    capability: 'market.tokenPrice',
    provider: 'coingecko',
    network: 'robinhood',
    answers: [{ provider: 'coingecko', error: 'no data: CoinGecko lists no asset platform for chain 4663' }],
  });
  expect(cg.calls.map((call) => call.path)).toEqual(['/asset_platforms']);
  await c.close();
});

describe('market.pools', () => {
  test.each(['robinhood', 'eth'])(
    'withheld without a key on %s: UNAVAILABLE naming the reason, no request',
    async (network) => {
      const c = client(false);
      const result = await c.market.pools({ network });
      expect(resultSchema.parse(result)).toMatchObject({
        status: 'UNAVAILABLE',
        provider: 'coingecko',
        network,
        answers: [{ provider: 'coingecko', error: `not offered: ${POOLS_REASON}` }],
      });
      expect(cg.calls).toHaveLength(0);
      await c.close();
    },
  );

  test('with a key: top pools of the chain, normalized; absent members stay absent', async () => {
    const c = client(true);
    const result = await c.market.pools({});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'robinhood',
        page: 1,
        pools: [
          {
            network: 'robinhood',
            address: CG_POOL,
            dex: 'uniswap-v4-robinhood',
            name: 'EXM / WETH 0.3%',
            baseToken: { address: CG_TOKEN, name: 'Example', symbol: 'EXM', decimals: 18 },
            quoteToken: { address: CG_QUOTE },
            priceUsd: '0.02975',
            priceNative: '0.0000124',
            liquidityUsd: 98_873.55,
            fdvUsd: 2_975_000,
            volumeUsd: { m5: 12.4, h1: 880, h6: 4120.5, h24: 18_586.21 },
            priceChangePct: { m5: 0.35, h1: -1.1, h6: 4.2, h24: 12.8 },
            txns: {
              m5: { buys: 2, sells: 1, buyers: 2, sellers: 1 },
              h1: { buys: 30, sells: 14 },
              h24: { buys: 410, sells: 377, buyers: 190, sellers: 160 },
            },
            createdAt: '2026-08-20T09:00:00Z',
          },
        ],
      },
      provenance: { source: 'coingecko', chain: 'robinhood', chainId: 4663 },
    });
    if (result.status !== 'LIVE') throw new Error('expected LIVE');
    const pool = (result.data as { pools: Record<string, unknown>[] }).pools[0] ?? {};
    expect(pool).not.toHaveProperty('marketCapUsd');
    expect(pool.quoteToken).toEqual({ address: CG_QUOTE });
    expect(pool.txns).not.toHaveProperty('h6');
    expect((pool.txns as Record<string, object>).h1).not.toHaveProperty('buyers');
    const [call] = cg.calls;
    expect(call?.path).toBe('/onchain/networks/robinhood/pools');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      sort: 'h24_volume_usd_desc',
      page: '1',
      include: 'base_token,quote_token,dex',
    });
    expect(call?.key).toBe(KEY);
    await c.close();
  });

  test('with a key: another network passed through, sorted by transactions, page 2; pools of a token', async () => {
    const c = client(true);
    const eth = await c.market.pools({ network: 'eth', sort: 'transactions', page: 2 });
    expect(eth).toMatchObject({
      status: 'LIVE',
      data: { network: 'eth', page: 2 },
      provenance: { chain: 'eth' },
    });
    if (eth.status !== 'LIVE') throw new Error('expected LIVE');
    expect(eth.provenance).not.toHaveProperty('chainId');
    expect(cg.calls[0]?.path).toBe('/onchain/networks/eth/pools');
    expect(cg.calls[0]?.query.get('sort')).toBe('h24_tx_count_desc');
    expect(cg.calls[0]?.query.get('page')).toBe('2');

    const ofToken = await c.market.pools({ token: CG_TOKEN });
    expect(ofToken).toMatchObject({
      status: 'LIVE',
      data: { token: CG_TOKEN, pools: [{ address: CG_POOL }] },
    });
    expect(cg.calls[1]?.path).toBe(`/onchain/networks/robinhood/tokens/${CG_TOKEN}/pools`);
    await c.close();
  });

  test('with a key: a token without pools and an unknown network are UNAVAILABLE', async () => {
    const c = client(true);
    expect(await c.market.pools({ token: CG_UNLISTED })).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [
        { provider: 'coingecko', error: `no data: CoinGecko lists no pools of ${CG_UNLISTED} on robinhood` },
      ],
    });
    const unknown = await c.market.pools({ network: 'nonet' });
    expect(unknown).toMatchObject({ status: 'UNAVAILABLE', network: 'nonet' });
    expect(JSON.stringify(unknown)).toContain('no data: /onchain/networks/nonet/pools: HTTP 404: Not Found');
    await c.close();
  });
});

test('market.global: totals in USD, dominance, 24 h change; updated_at left out stays absent', async () => {
  const c = client(false);
  const result = await c.market.global();
  expect(resultSchema.parse(result)).toMatchObject({
    status: 'LIVE',
    data: {
      activeCryptocurrencies: 13_690,
      markets: 1046,
      totalMarketCapUsd: 2_721_226_850_772.63,
      totalVolumeUsd: 69_327_091_133.55,
      marketCapPercentage: { btc: 50.4, eth: 14.9 },
      marketCapChange24hPct: 1.72,
    },
    provenance: { source: 'coingecko', chain: 'global' },
  });
  if (result.status !== 'LIVE') throw new Error('expected LIVE');
  expect(result.data).not.toHaveProperty('updatedAt');
  expect(result.provenance).not.toHaveProperty('chainId');
  expect(cg.calls.map((call) => call.path)).toEqual(['/global']);
  await c.close();
});

test('market.ohlc_history: candles oldest first with their close time; an unknown coin is NOT_FOUND', async () => {
  const c = client(false);
  const result = await c.market.ohlcHistory({ coin: 'ethereum', days: '7' });
  expect(result).toMatchObject({
    status: 'LIVE',
    data: {
      coin: 'ethereum',
      vsCurrency: 'usd',
      days: '7',
      candles: [
        {
          closeTime: new Date(1_790_000_000_000).toISOString(),
          open: 2390,
          high: 2412,
          low: 2385,
          close: 2410,
        },
        {
          closeTime: new Date(1_790_014_400_000).toISOString(),
          open: 2410,
          high: 2425,
          low: 2398,
          close: 2401,
        },
      ],
    },
    provenance: { chain: 'global' },
  });
  expect(cg.calls[0]?.path).toBe('/coins/ethereum/ohlc');
  expect(Object.fromEntries(cg.calls[0]?.query ?? [])).toEqual({ vs_currency: 'usd', days: '7' });
  expect(await c.market.ohlcHistory({ coin: 'no-such-coin' })).toMatchObject({
    status: 'ERROR',
    code: 'NOT_FOUND',
    attemptedProviders: [
      { provider: 'coingecko', error: 'not_found: /coins/no-such-coin/ohlc: HTTP 404: coin not found' },
    ],
  });
  await c.close();
});

describe('errors, by body shape', () => {
  test('{status:{error_code:10002}} on 401: auth_failed, then skipped without a request', async () => {
    const c = client(true);
    cg.failNext.push({
      status: 401,
      body: { status: { error_code: 10002, error_message: 'API Key Missing' } },
    });
    const first = await c.market.global();
    expect(first).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(first)).toContain(
      'auth_failed: key missing or rejected (/global: HTTP 401 (code 10002): API Key Missing)',
    );
    expect(await c.market.global({ fresh: true })).toMatchObject({ status: 'UNAVAILABLE' });
    expect(cg.calls).toHaveLength(1);
    await c.close();
  });

  test('{error_code:10011, status:{error_message}} on 400 (key sent to the other root): auth_failed with the message', async () => {
    const c = client(true);
    cg.failNext.push({
      status: 400,
      body: {
        timestamp: '2026-09-01T00:00:00Z',
        error_code: 10011,
        status: { error_message: 'If you are using Demo API key, please change your root URL' },
      },
    });
    const result = await c.market.tokenPrice({ address: 'native' });
    expect(result).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        {
          provider: 'coingecko',
          error:
            'auth_failed: key sent to the wrong root (/simple/price: HTTP 400 (code 10011): If you are using Demo API key, please change your root URL)',
        },
      ],
    });
    await c.close();
  });

  test('flat {error:"..."} on 400: PROVIDER_ERROR, no fallback', async () => {
    const c = client(false);
    cg.failNext.push({ status: 400, body: { error: 'Missing parameter vs_currencies' } });
    expect(await c.market.tokenPrice({ address: 'native' })).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      message: '/simple/price: HTTP 400: Missing parameter vs_currencies',
    });
    await c.close();
  });

  test('nested {error:{status:{...}}} on 400: PROVIDER_ERROR with the code and message', async () => {
    const c = client(false);
    cg.failNext.push({
      status: 400,
      body: {
        error: {
          status: {
            timestamp: '2026-09-01T00:00:00Z',
            error_code: 10012,
            error_message: 'Your request exceeds the allowed time range.',
          },
        },
      },
    });
    expect(await c.market.ohlcHistory({ coin: 'ethereum', days: '365' })).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      message: '/coins/ethereum/ohlc: HTTP 400 (code 10012): Your request exceeds the allowed time range.',
    });
    await c.close();
  });

  test('429, and error_code 429 on HTTP 200: RATE_LIMITED', async () => {
    const c = client(false);
    const limited = {
      status: { error_code: 429, error_message: "You've exceeded the Rate Limit." },
    };
    cg.failNext.push({ status: 429, body: limited, headers: { 'retry-after': '60' } });
    expect(await c.market.global()).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    cg.failNext.push({ status: 200, body: limited });
    const second = await c.market.tokenPrice({ address: 'native' });
    expect(second).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(JSON.stringify(second)).toContain('/simple/price: HTTP 200 (code 429)');
    await c.close();
  });

  test('10005 (not on this plan): the method is refused, UNAVAILABLE', async () => {
    const c = client(true);
    cg.failNext.push({
      status: 403,
      body: { status: { error_code: 10005, error_message: 'This request is limited to paid plans.' } },
    });
    expect(await c.market.pools({})).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'every provider refused the method',
    });
    await c.close();
  });

  test('an HTML 503: a transient provider failure', async () => {
    const c = client(false);
    cg.failNext.push({ status: 503, raw: '<html>Service Unavailable</html>' });
    expect(await c.market.global()).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'coingecko', error: '/global: non-JSON response (HTTP 503)' }],
    });
    await c.close();
  });
});

test('health: /ping, the endpoint shown with {key}', async () => {
  const c = client(true);
  const health = await c.providers.health();
  expect(health).toMatchObject({
    status: 'LIVE',
    sections: {
      coingecko: {
        status: 'LIVE',
        data: {
          geckoSays: '(V3) To the Moon!',
          plan: 'demo',
          endpoint: `${cg.baseUrl} (x-cg-demo-api-key: {key})`,
        },
      },
    },
  });
  expect(JSON.stringify(health)).not.toContain(KEY);
  expect(c.providers.list()[0]).toMatchObject({ id: 'coingecko', configured: true, name: 'CoinGecko' });
  await c.close();
});

test('redaction: keys echoed by the vendor never reach a result', async () => {
  const secrets = {
    COINGECKO_API_KEY: KEY,
    GOPLUS_APP_KEY: 'gpAppKey0123456789abc',
    GOPLUS_APP_SECRET: 'gpAppSecret0123456789abcdef',
  };
  const echo = `key ${secrets.COINGECKO_API_KEY} / ${secrets.GOPLUS_APP_KEY} / ${secrets.GOPLUS_APP_SECRET}`;
  const replies = [
    { status: 400, body: { error_code: 10010, status: { error_message: `wrong root for ${echo}` } } },
    { status: 400, body: { error: `bad request ${echo}` } },
    { status: 400, body: { error: { status: { error_code: 10012, error_message: echo } } } },
    { status: 429, body: { status: { error_code: 429, error_message: echo } } },
    { status: 200, body: { status: { error_code: 429, error_message: echo } } },
    { status: 401, body: { status: { error_code: 10002, error_message: echo } } },
    { status: 404, body: { error: `coin not found ${echo}` } },
  ];
  for (const reply of replies) {
    const c = createDataClient({
      env: { COINGECKO_BASE_URL: cg.baseUrl, PKG_NET_ALLOW_PRIVATE: '1', ...secrets },
      providers: [coingeckoDescriptor],
      clock: fakeClock(),
      throttles: createThrottleRegistry(),
    });
    cg.failNext.push(reply);
    const result = await c.market.ohlcHistory({ coin: 'ethereum' });
    expect(result.status).toBe('ERROR');
    const text = JSON.stringify(result);
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    await c.close();
  }
});
