// DexScreener, the DEX pair provider: its real code against the local double of its public API
// (search, token, token pairs, the pairs of several tokens, pair), the empty answers reported UNAVAILABLE, the status mapping,
// absent members, the base/quote rule for token prices and the 300-a-minute client budget.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { dexscreenerDescriptor } from '../../src/data/providers/dexscreener/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { DEX, startDexscreenerServer, type DexscreenerDouble } from '../vendors/dexscreener-server.js';
import { fakeClock } from './doubles.js';

let dex: DexscreenerDouble;
beforeAll(async () => {
  dex = await startDexscreenerServer();
});
afterAll(() => dex.close());
beforeEach(() => dex.reset());

const clients: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function client(extra: DataEnv = {}) {
  const env: DataEnv = { DEXSCREENER_BASE_URL: dex.baseUrl, PKG_NET_ALLOW_PRIVATE: '1', ...extra };
  const c = createDataClient({
    env,
    providers: [dexscreenerDescriptor],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
  clients.push(c);
  return c;
}

/** The normalized PAIR_V3 of the double, every member present. */
const POOL_V3 = {
  network: 'robinhood',
  address: DEX.PAIR_V3,
  dex: 'uniswap',
  labels: ['v3'],
  baseToken: { address: DEX.EXM, name: 'Example', symbol: 'EXM' },
  quoteToken: { address: DEX.WETH, name: 'Wrapped Ether', symbol: 'WETH' },
  priceUsd: '0.02975',
  priceNative: '0.00001240',
  liquidityUsd: 98873.55,
  fdvUsd: 2975000,
  marketCapUsd: 2975000,
  volumeUsd: { m5: 12.4, h1: 880, h6: 4120.5, h24: 18586.21 },
  priceChangePct: { m5: 0.35, h1: -1.1, h6: 4.2, h24: 12.8 },
  txns: {
    m5: { buys: 2, sells: 1 },
    h1: { buys: 30, sells: 14 },
    h6: { buys: 120, sells: 88 },
    h24: { buys: 410, sells: 377 },
  },
  createdAt: new Date(1756000000000).toISOString(),
  url: `https://dexscreener.com/robinhood/${DEX.PAIR_V3}`,
};

describe('dexscreener descriptor', () => {
  test('keyless: configured without any variable, on its real base URL, with the five pair capabilities', () => {
    const c = createDataClient({ env: {}, providers: [dexscreenerDescriptor], clock: fakeClock() });
    clients.push(c);
    const [listing] = c.providers.list();
    expect(listing).toMatchObject({
      id: 'dexscreener',
      name: 'DexScreener',
      role: 'DEX pair provider',
      kind: 'market',
      configured: true,
      endpoint: 'https://api.dexscreener.com',
      capabilities: [
        'market.search',
        'market.token',
        'market.token_pairs',
        'market.pairs_of_tokens',
        'market.pair',
      ],
    });
    expect(dexscreenerDescriptor.throttlePerMinute).toBe(300);
    expect(dexscreenerDescriptor.capabilities.anyNetwork).toEqual(
      dexscreenerDescriptor.capabilities.robinhood,
    );
    expect(client().providers.list()[0]?.endpoint).toBe(dex.baseUrl);
  });

  test('health: one search request, the number of pairs it listed', async () => {
    const health = await client().providers.health();
    expect(health).toMatchObject({
      status: 'LIVE',
      sections: { dexscreener: { status: 'LIVE', data: { pairs: 2, endpoint: dex.baseUrl } } },
    });
    expect(dex.paths).toEqual(['/latest/dex/search?q=WETH']);
  });
});

describe('dexscreener capabilities', () => {
  test('market.pair: every documented member of the pair, provenance on the chain', async () => {
    const result = await client().market.pair({ network: 'robinhood', address: DEX.PAIR_V3, fresh: true });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'dexscreener', chain: 'robinhood', chainId: 4663, fresh: true },
    });
    expect(result.status === 'LIVE' && result.data).toEqual(POOL_V3);
    expect(dex.paths).toEqual([`/latest/dex/pairs/robinhood/${DEX.PAIR_V3}`]);
  });

  test('market.pair: a second call is served from the cache without a request', async () => {
    const c = client();
    await c.market.pair({ address: DEX.PAIR_V3 });
    const again = await c.market.pair({ address: DEX.PAIR_V3 });
    expect(again).toMatchObject({ status: 'CACHED', data: { address: DEX.PAIR_V3 } });
    expect(dex.counts.pairs).toBe(1);
  });

  test('market.search: pairs across chains, or only those of the network asked', async () => {
    const c = client();
    const all = await c.market.search({ query: 'EXM', fresh: true });
    expect(all).toMatchObject({ status: 'LIVE', data: { query: 'EXM' } });
    const found = all.status === 'LIVE' ? (all.data as { pools: { address: string }[] }).pools : [];
    expect(found.map((p) => p.address)).toEqual(expect.arrayContaining([DEX.PAIR_V3, DEX.PAIR_V2]));
    const robinhood = await c.market.search({ query: 'EXM', network: 'robinhood', fresh: true });
    expect(robinhood).toMatchObject({
      status: 'LIVE',
      data: { query: 'EXM', network: 'robinhood' },
      provenance: { source: 'dexscreener', chain: 'robinhood', chainId: 4663 },
    });
    const pools =
      robinhood.status === 'LIVE' ? (robinhood.data as { pools: { address: string }[] }).pools : [];
    expect(pools.map((p) => p.address)).toEqual([DEX.PAIR_V3, DEX.PAIR_V2]);
    expect(pools[0]).toEqual(POOL_V3);

    const ethereum = await c.market.search({ query: 'EXM', network: 'ethereum', fresh: true });
    expect(ethereum).toMatchObject({
      status: 'LIVE',
      data: {
        network: 'ethereum',
        pools: [{ network: 'ethereum', address: DEX.PAIR_ETH, priceUsd: '0.03001' }],
      },
      provenance: { chain: 'ethereum' },
    });
    expect(ethereum.status === 'LIVE' && ethereum.provenance.chainId).toBeUndefined();
    const eth =
      ethereum.status === 'LIVE' ? (ethereum.data as { pools: Record<string, unknown>[] }).pools : [];
    expect(eth).toHaveLength(1);
    // Only the h24 window was sent for this pair: the other windows are absent.
    expect(eth[0]).toMatchObject({ volumeUsd: { h24: 990.3 }, txns: { h24: { buys: 12, sells: 10 } } });
    expect(Object.keys(eth[0]?.volumeUsd as object)).toEqual(['h24']);
    expect(dex.counts.search).toBe(3);
    expect(dex.paths.every((p) => p === '/latest/dex/search?q=EXM')).toBe(true);
  });

  test('market.search: no match (`pairs: []`) is UNAVAILABLE with the answer recorded', async () => {
    const result = await client().market.search({ query: 'NOPE', fresh: true });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      provider: 'dexscreener',
      answers: [
        { provider: 'dexscreener', error: expect.stringMatching(/^no data: .*answered pairs: \[\]/) },
      ],
    });
  });

  test('market.token: name, symbol, price, FDV and market cap of the base token, and its main pool', async () => {
    const result = await client().market.token({ network: 'robinhood', address: DEX.EXM, fresh: true });
    expect(result).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'dexscreener', chain: 'robinhood', chainId: 4663 },
    });
    expect(result.status === 'LIVE' && result.data).toEqual({
      network: 'robinhood',
      address: DEX.EXM,
      name: 'Example',
      symbol: 'EXM',
      priceUsd: '0.02975',
      fdvUsd: 2975000,
      marketCapUsd: 2975000,
      mainPool: POOL_V3,
    });
    expect(dex.paths).toEqual([`/tokens/v1/robinhood/${DEX.EXM}`]);
  });

  test('market.token: a token that is the quote side of its main pair does not carry the pair price, FDV or market cap', async () => {
    // Asked in lower case; the API sends the address checksummed.
    const result = await client().market.token({ address: DEX.WETH.toLowerCase(), fresh: true });
    expect(result.status).toBe('LIVE');
    const data = result.status === 'LIVE' ? (result.data as Record<string, unknown>) : {};
    expect(data).toMatchObject({
      network: 'robinhood',
      address: DEX.WETH,
      name: 'Wrapped Ether',
      symbol: 'WETH',
      mainPool: { address: DEX.PAIR_V3, priceUsd: '0.02975' },
    });
    expect(data).not.toHaveProperty('priceUsd');
    expect(data).not.toHaveProperty('fdvUsd');
    expect(data).not.toHaveProperty('marketCapUsd');
    expect(dex.paths).toEqual([`/tokens/v1/robinhood/${DEX.WETH.toLowerCase()}`]);
  });

  test('market.token_pairs: every pool of the token, absent members left out', async () => {
    const result = await client().market.tokenPairs({ network: 'robinhood', address: DEX.EXM, fresh: true });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: { network: 'robinhood', token: DEX.EXM },
      provenance: { source: 'dexscreener', chain: 'robinhood', chainId: 4663 },
    });
    const pools = result.status === 'LIVE' ? (result.data as { pools: Record<string, unknown>[] }).pools : [];
    expect(pools).toHaveLength(2);
    expect(pools[0]).toEqual(POOL_V3);
    expect(pools[1]).toMatchObject({
      address: DEX.PAIR_V2,
      quoteToken: { address: DEX.USDC, symbol: 'USDC' },
      priceNative: '0.02971',
      liquidityUsd: 15220.1,
      txns: { m5: { buys: 0, sells: 0 } },
      volumeUsd: { m5: 0 },
    });
    expect(pools[1]).not.toHaveProperty('labels');
    expect(dex.paths).toEqual([`/token-pairs/v1/robinhood/${DEX.EXM}`]);
  });

  test('market.pairs_of_tokens: one request for several tokens, the comma-separated list of the reference; at most 30', async () => {
    const c = client();
    const result = await c.market.pairsOfTokens({ network: 'robinhood', addresses: [DEX.EXM, DEX.UNKNOWN] });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: { network: 'robinhood', tokens: [DEX.EXM, DEX.UNKNOWN] },
      provenance: { source: 'dexscreener', chain: 'robinhood' },
    });
    const pools = result.status === 'LIVE' ? (result.data as { pools: { address: string }[] }).pools : [];
    expect(pools.map((p) => p.address)).toEqual([DEX.PAIR_V3, DEX.PAIR_V2]);
    expect(dex.paths).toEqual([`/tokens/v1/robinhood/${DEX.EXM},${DEX.UNKNOWN}`]);
    const none = await c.market.pairsOfTokens({ addresses: [DEX.UNKNOWN] });
    expect(none).toMatchObject({ status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE' });
    const many = Array.from({ length: 31 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
    expect(await c.market.pairsOfTokens({ addresses: many })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(dex.paths).toHaveLength(2);
  });

  test('another network id is passed through unchanged as the chain slug', async () => {
    const c = client();
    const pair = await c.market.pair({ network: 'ethereum', address: DEX.PAIR_ETH, fresh: true });
    expect(pair).toMatchObject({
      status: 'LIVE',
      data: { network: 'ethereum' },
      provenance: { chain: 'ethereum' },
    });
    const pairs = await c.market.tokenPairs({ network: 'ethereum', address: DEX.EXM_ETH, fresh: true });
    expect(pairs).toMatchObject({
      status: 'LIVE',
      data: { network: 'ethereum', pools: [{ address: DEX.PAIR_ETH }] },
    });
    expect(dex.paths).toEqual([
      `/latest/dex/pairs/ethereum/${DEX.PAIR_ETH}`,
      `/token-pairs/v1/ethereum/${DEX.EXM_ETH}`,
    ]);
  });
});

describe('dexscreener empty answers and errors', () => {
  test('`pairs: null` for an unknown pair is UNAVAILABLE with the answer recorded', async () => {
    const result = await client().market.pair({ address: DEX.UNKNOWN, fresh: true });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      capability: 'market.pair',
      provider: 'dexscreener',
      network: 'robinhood',
      reason: 'no provider has data',
      answers: [
        { provider: 'dexscreener', error: expect.stringMatching(/^no data: .*answered pairs: null\)$/) },
      ],
    });
    expect(dex.counts.pairs).toBe(1);
  });

  test('`[]` for an unlisted token is UNAVAILABLE (token pairs and token), as is `{pairs: null}` on /tokens/v1', async () => {
    const c = client();
    const pairs = await c.market.tokenPairs({ address: DEX.UNKNOWN, fresh: true });
    expect(pairs).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'dexscreener', error: expect.stringMatching(/^no data: .*answered \[\]\)$/) }],
    });
    const token = await c.market.token({ address: DEX.UNKNOWN, fresh: true });
    expect(token).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'dexscreener', error: expect.stringMatching(/answered \[\]\)$/) }],
    });
    dex.unknownTokens = 'null';
    const tokenNull = await c.market.token({ address: DEX.UNKNOWN, fresh: true });
    expect(tokenNull).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'dexscreener', error: expect.stringMatching(/answered pairs: null\)$/) }],
    });
    expect(dex.counts).toMatchObject({ tokenPairs: 1, tokens: 2 });
  });

  test('an unknown network slug is UNAVAILABLE: the request names that slug, no other chain is asked', async () => {
    const c = client();
    const result = await c.market.tokenPairs({ network: 'notachain', address: DEX.EXM, fresh: true });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      network: 'notachain',
      answers: [{ provider: 'dexscreener', error: expect.stringMatching(/^no data: .*notachain/) }],
    });
    const pair = await c.market.pair({ network: 'notachain', address: DEX.PAIR_V3, fresh: true });
    expect(pair).toMatchObject({ status: 'UNAVAILABLE', network: 'notachain' });
    const search = await c.market.search({ query: 'EXM', network: 'notachain', fresh: true });
    expect(search).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ error: expect.stringMatching(/none on notachain/) }],
    });
    expect(dex.paths).toEqual([
      `/token-pairs/v1/notachain/${DEX.EXM}`,
      `/latest/dex/pairs/notachain/${DEX.PAIR_V3}`,
      '/latest/dex/search?q=EXM',
    ]);
  });

  test('HTTP 429 is ERROR RATE_LIMITED, whatever its body', async () => {
    dex.rateLimited = true;
    const result = await client().market.pair({ address: DEX.PAIR_V3, fresh: true });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        { provider: 'dexscreener', error: expect.stringMatching(/^rate_limited: .*HTTP 429/) },
      ],
    });
    expect(JSON.stringify(result)).not.toContain('Too Many Requests');
    expect(dex.counts.pairs).toBe(1);
  });

  test('5xx and a non-JSON body are provider failures; another 4xx is PROVIDER_ERROR with its status', async () => {
    const c = client();
    dex.failNext.push({ status: 503, raw: '<html>Service Unavailable</html>' });
    expect(await c.market.pair({ address: DEX.PAIR_V3, fresh: true })).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'dexscreener', error: expect.stringContaining('HTTP 503') }],
    });
    dex.failNext.push({ status: 200, raw: '<html>challenge</html>' });
    expect(await c.market.pair({ address: DEX.PAIR_V3, fresh: true })).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ error: expect.stringContaining('non-JSON response (HTTP 200)') }],
    });
    dex.failNext.push({ status: 400, body: { message: 'invalid pair address' } });
    expect(await c.market.pair({ address: DEX.PAIR_V3, fresh: true })).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('HTTP 400'),
      attemptedProviders: [{ provider: 'dexscreener', error: expect.stringMatching(/^refused: .*HTTP 400/) }],
    });
    expect(dex.counts.pairs).toBe(3);
  });

  test('fdv, marketCap, liquidity and priceChange.h24 left out by the API are absent, not 0 or null', async () => {
    dex.omit = ['fdv', 'marketCap', 'liquidity', 'priceChange.h24'];
    const result = await client().market.pair({ address: DEX.PAIR_V3, fresh: true });
    expect(result.status).toBe('LIVE');
    const data = result.status === 'LIVE' ? (result.data as Record<string, unknown>) : {};
    expect(data).not.toHaveProperty('fdvUsd');
    expect(data).not.toHaveProperty('marketCapUsd');
    expect(data).not.toHaveProperty('liquidityUsd');
    expect(data.priceChangePct).toEqual({ m5: 0.35, h1: -1.1, h6: 4.2 });
    expect(data).toMatchObject({ priceUsd: '0.02975', volumeUsd: POOL_V3.volumeUsd });
    expect(JSON.stringify(data)).not.toMatch(/null/);
  });

  test('members the API sends as null (priceUsd, labels, liquidity.usd, fdv, pairCreatedAt, priceChange) are absent', async () => {
    dex.nullify = [
      'priceUsd',
      'labels',
      'liquidity.usd',
      'fdv',
      'pairCreatedAt',
      'priceChange',
      'quoteToken.name',
    ];
    const c = client();
    const pair = await c.market.pair({ address: DEX.PAIR_V3, fresh: true });
    const data = pair.status === 'LIVE' ? (pair.data as Record<string, unknown>) : {};
    for (const member of ['priceUsd', 'labels', 'liquidityUsd', 'fdvUsd', 'createdAt', 'priceChangePct'])
      expect(data).not.toHaveProperty(member);
    expect(data.quoteToken).toEqual({ address: DEX.WETH, symbol: 'WETH' });
    expect(data).toMatchObject({ marketCapUsd: 2975000, priceNative: '0.00001240' });
    const token = await c.market.token({ address: DEX.EXM, fresh: true });
    const tokenData = token.status === 'LIVE' ? (token.data as Record<string, unknown>) : {};
    expect(tokenData).not.toHaveProperty('priceUsd');
    expect(tokenData).not.toHaveProperty('fdvUsd');
    expect(tokenData).toMatchObject({ symbol: 'EXM', marketCapUsd: 2975000 });
  });
});

describe('dexscreener 300-a-minute budget', () => {
  test('300 requests reach the API; the 301st is RATE_LIMITED without being sent; the next minute sends again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 9, 1, 12, 0, 0));
    const c = client();
    for (let i = 0; i < 300; i++) {
      const result = await c.market.pair({ address: DEX.PAIR_V3, fresh: true });
      expect(result.status).toBe('LIVE');
    }
    expect(dex.requests).toBe(300);
    const over = await c.market.pair({ address: DEX.PAIR_V3, fresh: true });
    expect(over).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        { provider: 'dexscreener', error: expect.stringMatching(/300 requests a minute.*nothing was sent/) },
      ],
    });
    expect(dex.requests).toBe(300);
    vi.setSystemTime(Date.now() + 60_000);
    expect(await c.market.pair({ address: DEX.PAIR_V3, fresh: true })).toMatchObject({ status: 'LIVE' });
    expect(dex.requests).toBe(301);
  });
});
