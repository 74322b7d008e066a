// Market routing across the real providers and their doubles (docs/data-layer.md, "Capabilities"):
// pair provider then pool provider for token, pairs and pair; aggregator then pool provider for
// prices on the chain and for pools; the pool provider alone for OHLCV, trades, networks,
// trending and new pools; quotes one section per source; composites whose sections fail alone;
// untrackable wallets; prices by symbol; rankings with their rule and inputs.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { ROUTER, WALLET } from '../vendors/chain-fixtures.js';
import { DEX } from '../vendors/dexscreener-server.js';
import { GT } from '../vendors/geckoterminal-server.js';
import { fakeClock, startDoubles, type Doubles } from './doubles.js';

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

const TOKEN = DEX.EXM; // the same token (0x2222…) in every market double
const client = (env: DataEnv = d.env) =>
  createDataClient({ env, clock: fakeClock(), throttles: createThrottleRegistry() });
const source = (r: { status: string; provenance?: { source: string } }) =>
  r.status === 'LIVE' || r.status === 'CACHED' ? r.provenance?.source : r.status;

describe('market routing', () => {
  test('token, pairs and pair: the pair provider first; without its listing, the pool provider, recorded', async () => {
    const c = client();
    expect(source(await c.market.token({ address: TOKEN }))).toBe('dexscreener');
    expect(source(await c.market.tokenPairs({ address: TOKEN }))).toBe('dexscreener');
    expect(source(await c.market.pair({ address: DEX.PAIR_V3 }))).toBe('dexscreener');
    expect(d.geckoterminal.count('/')).toBe(0);
    const v4 = await c.market.pair({ address: GT.v4Pool });
    expect(v4).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'geckoterminal',
        chain: 'robinhood',
        chainId: 4663,
        fallbackFrom: [{ provider: 'dexscreener', error: expect.stringMatching(/^no data: /) }],
      },
    });
    await c.close();
  });

  test('prices on the chain: the aggregator first, then the pool provider; elsewhere the pool provider alone', async () => {
    const c = client();
    expect(source(await c.market.tokenPrice({ address: TOKEN }))).toBe('coingecko');
    expect(await c.market.tokenPrice({ address: 'native' })).toMatchObject({
      status: 'LIVE',
      data: { symbol: 'ETH' },
      provenance: { source: 'coingecko' },
    });
    d.coingecko.platformListed = false;
    const c2 = client();
    expect(await c2.market.tokenPrice({ address: TOKEN })).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'geckoterminal',
        fallbackFrom: [
          { provider: 'coingecko', error: expect.stringMatching(/no asset platform for chain 4663/) },
        ],
      },
    });
    const before = d.coingecko.calls.length;
    const eth = await c2.market.tokenPrice({ network: 'eth', address: GT.token });
    expect(eth).toMatchObject({ status: 'LIVE', provenance: { source: 'geckoterminal', chain: 'eth' } });
    expect(eth.status === 'LIVE' && eth.provenance.chainId).toBeUndefined();
    expect(d.coingecko.calls.length).toBe(before);
    await Promise.all([c.close(), c2.close()]);
  });

  test('pools: the aggregator with its key; without the key the pool provider serves and the answer says why', async () => {
    const keyed = client();
    expect(source(await keyed.market.pools({}))).toBe('coingecko');
    const { COINGECKO_API_KEY: _key, ...keyless } = d.env;
    d.reset();
    const c = client(keyless);
    const pools = await c.market.pools({ sort: 'transactions' });
    expect(pools).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'geckoterminal',
        fallbackFrom: [
          { provider: 'coingecko', error: expect.stringMatching(/^not offered: .*COINGECKO_API_KEY/) },
        ],
      },
    });
    expect(d.coingecko.calls.filter((call) => call.path.startsWith('/onchain/'))).toHaveLength(0);
    await Promise.all([keyed.close(), c.close()]);
  });

  test('OHLCV, trades, networks, trending and new pools: the pool provider alone', async () => {
    const c = client();
    const answers = await Promise.all([
      c.market.ohlcv({ pool: GT.pool, timeframe: 'hour', aggregate: 4, limit: 10 }),
      c.market.trades({ pool: GT.pool }),
      c.market.networks({}),
      c.market.trendingPools({}),
      c.market.newPools({}),
    ]);
    expect(answers.map(source)).toEqual(Array(5).fill('geckoterminal'));
    expect(d.dexscreener.paths).toEqual([]);
    expect(d.coingecko.calls).toEqual([]);
    await c.close();
  });

  test('no listing anywhere is UNAVAILABLE naming each answer; an unknown network asks for that network only', async () => {
    const c = client();
    const unknown = await c.market.tokenPairs({ address: DEX.UNKNOWN });
    expect(unknown).toMatchObject({
      status: 'UNAVAILABLE',
      network: 'robinhood',
      answers: [
        { provider: 'dexscreener', error: expect.stringMatching(/^no data: /) },
        { provider: 'geckoterminal', error: expect.stringMatching(/^no data: /) },
      ],
    });
    const nowhere = await c.market.pair({ network: 'nonet', address: DEX.PAIR_V3 });
    expect(nowhere).toMatchObject({ status: 'UNAVAILABLE', network: 'nonet' });
    expect(d.dexscreener.paths.filter((p) => p.includes(DEX.PAIR_V3))).toEqual([
      `/latest/dex/pairs/nonet/${DEX.PAIR_V3}`,
    ]);
    expect(d.geckoterminal.paths.filter((p) => p.includes(DEX.PAIR_V3))).toEqual([
      expect.stringMatching(new RegExp(`^/networks/nonet/pools/${DEX.PAIR_V3}`)),
    ]);
    await c.close();
  });
});

describe('quotes, composites, wallets', () => {
  test('quotes: one section per source with its own status and provenance, and no consensus value', async () => {
    const c = client();
    const quotes = await c.market.quotes({ address: TOKEN });
    expect(Object.keys(quotes)).toEqual(['status', 'sections']);
    expect(Object.keys(quotes.sections).sort()).toEqual(['coingecko', 'dexscreener', 'geckoterminal']);
    for (const [name, section] of Object.entries(quotes.sections)) {
      expect(section).toMatchObject({ status: 'LIVE', provenance: { source: name } });
      expect(section.status === 'LIVE' && typeof (section.data as { priceUsd?: unknown }).priceUsd).toBe(
        'string',
      );
    }
    d.coingecko.platformListed = false;
    const one = await client().market.quotes({ address: TOKEN, fresh: true });
    expect(one.status).toBe('LIVE');
    expect(one.sections.coingecko).toMatchObject({ status: 'UNAVAILABLE' });
    expect(one.sections.geckoterminal).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'geckoterminal' },
    });
    expect(
      one.sections.geckoterminal?.status === 'LIVE' && one.sections.geckoterminal.provenance.fallbackFrom,
    ).toBeUndefined();
    await c.close();
  });

  test('token inspect: market and security sections; one failing source never blanks the others', async () => {
    d.goplus.failNext.push({ body: { code: 5000, message: 'SERVER_ERROR', result: null } });
    const c = client();
    const token = await c.inspect.token({ token: TOKEN });
    expect(Object.keys(token.sections)).toEqual([
      'metadata',
      'holders',
      'transfers',
      'pairs',
      'price',
      'security',
    ]);
    expect(token.sections.security).toMatchObject({ status: 'ERROR' });
    expect(token.sections.pairs).toMatchObject({ status: 'LIVE', provenance: { source: 'dexscreener' } });
    expect(token.sections.price).toMatchObject({ status: 'LIVE', provenance: { source: 'coingecko' } });
    expect(token.status).toBe('LIVE');
    await c.close();
  });

  test('wallets: a system address or a contract is untrackable, never an empty wallet, and the portfolio provider is not asked', async () => {
    const c = client();
    const system = await c.wallet.portfolio({ address: `0x${'0'.repeat(37)}064` });
    expect(system).toMatchObject({
      status: 'UNAVAILABLE',
      reason: expect.stringMatching(/^untrackable: .*system address/),
    });
    const contract = await c.wallet.positions({ address: ROUTER });
    expect(contract).toMatchObject({
      status: 'UNAVAILABLE',
      reason: expect.stringMatching(/^untrackable: .*a contract/),
    });
    expect(d.zerion.calls.filter((call) => call.path.startsWith('/v1/wallets/'))).toEqual([]);
    expect(await c.wallet.portfolio({ address: WALLET })).toMatchObject({
      status: 'LIVE',
      data: { scope: 'all-chains' },
      provenance: { source: 'zerion' },
    });
    await c.close();
  });
});

describe('prices by symbol and rankings', () => {
  test('ETH, an issuer stock symbol, an unambiguous search hit; an ambiguous symbol names its candidates', async () => {
    const c = client();
    expect(await c.market.price({ symbol: 'eth' })).toMatchObject({
      status: 'LIVE',
      data: { symbol: 'ETH', resolvedBy: 'native coin' },
    });
    expect(await c.market.price({ symbol: 'SPY' })).toMatchObject({
      status: 'LIVE',
      data: { symbol: 'SPY', resolvedBy: expect.stringContaining("the issuer's stock-token list") },
    });
    expect(await c.market.price({ symbol: 'EXM', fresh: true })).toMatchObject({
      status: 'LIVE',
      data: { resolvedBy: expect.stringContaining(TOKEN) },
    });
    const lookAlike = '0xa0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0';
    // A second robinhood pair whose base token reuses the EXM ticker (a look-alike).
    d.dexscreener.failNext.push({
      status: 200,
      body: {
        schemaVersion: '1.0.0',
        pairs: [
          {
            chainId: 'robinhood',
            dexId: 'uniswap',
            pairAddress: DEX.PAIR_V3,
            baseToken: { address: TOKEN, name: 'Example', symbol: 'EXM' },
            quoteToken: { address: DEX.WETH, name: 'Wrapped Ether', symbol: 'WETH' },
            priceNative: '1',
            priceUsd: '1',
          },
          {
            chainId: 'robinhood',
            dexId: 'uniswap',
            pairAddress: DEX.PAIR_V2,
            baseToken: { address: lookAlike, name: 'Example Copy', symbol: 'EXM' },
            quoteToken: { address: DEX.WETH, name: 'Wrapped Ether', symbol: 'WETH' },
            priceNative: '1',
            priceUsd: '1',
          },
        ],
      },
    });
    const ambiguous = await c.market.price({ symbol: 'EXM', fresh: true });
    expect(ambiguous).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(ambiguous.status === 'ERROR' && ambiguous.message).toContain(lookAlike);
    expect(await c.market.price({ symbol: 'NOPE' })).toMatchObject({ status: 'UNAVAILABLE' });
    await c.close();
  });

  test('rankings: the rule, the minimum liquidity, what was left out and every input with its source', async () => {
    const c = client();
    const gainers = await c.market.rankings({ ranking: 'gainers', minLiquidityUsd: 0 });
    expect(gainers).toMatchObject({
      status: 'LIVE',
      data: {
        ranking: 'gainers',
        definition: expect.stringContaining('priceChangePct.h24'),
        minLiquidityUsd: 0,
        sources: [
          { capability: 'market.pools', status: 'LIVE', provider: 'coingecko' },
          { capability: 'market.pools', status: 'LIVE', provider: 'coingecko' },
          { capability: 'market.pools', status: 'LIVE', provider: 'coingecko' },
          { capability: 'market.search', status: 'LIVE', provider: 'dexscreener' },
        ],
      },
      provenance: { source: 'coingecko+dexscreener' },
    });
    const data = gainers.status === 'LIVE' ? (gainers.data as { pools: { value: number }[] }) : { pools: [] };
    expect(data.pools.length).toBeGreaterThan(0);
    expect(data.pools.map((p) => p.value)).toEqual([...data.pools.map((p) => p.value)].sort((a, b) => b - a));
    expect(await c.market.rankings({ ranking: 'nope' as 'gainers' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    await c.close();
  });
});
