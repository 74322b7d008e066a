// GET /v1/stocks against the vendor doubles of @pkg/shared/testing: the issuer's stock-token API
// (its list and per-symbol quotes), DexScreener (its multi-token endpoint and its search, serving a
// market of this test's pairs) and Finnhub (the last close). Shows the single flight of a cold
// build (each upstream URL once for 100 concurrent requests), the premium rows (docs/website.md,
// "Premium") and their `last close` flag, a look-alike left out and counted, a failing source that
// blanks nothing else, and the edge headers. Each test starts its own server: its data layer's
// cache starts cold.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ISSUER_ASSETS, WIDE_QUOTE, startDoubles, type DexPairBody, type Doubles } from '@pkg/shared/testing';
import type { V1Stocks } from '@pkg/shared';
import { openApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';

let d: Doubles;
const servers: TestServer[] = [];
beforeAll(async () => {
  d = await startDoubles();
});
beforeEach(() => {
  d.reset();
  d.dexscreener.pairs = [SPY_USDC, WETH_SPY, BRK_USDC, LOOKALIKE, SPY_ON_BASE];
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await d.close();
});

async function serve(): Promise<TestServer> {
  // The per-client limit of /v1 is off: this file sends 100 requests at once on purpose.
  const server = await startTestServer({ dataEnv: d.env, env: { PKG_RATE_LIMIT_V1: '0' } });
  servers.push(server);
  return server;
}

const contractOf = (symbol: string) =>
  ISSUER_ASSETS.assets.find((a) => a.tokenSymbol === symbol)?.deployments[0]?.contractAddress ?? '';
const SPY = contractOf('SPY');
const BRK = contractOf('BRK.B');
const USDC = '0x5555555555555555555555555555555555555555';
const WETH = '0x3333333333333333333333333333333333AbCdEf';
const FAKE_SPY = '0x5Ad05Ad05Ad05Ad05Ad05Ad05Ad05Ad05Ad05Ad0';

// Pair objects of https://docs.dexscreener.com/api/reference, schema "Pair" (prices as strings,
// amounts as numbers): this test's market on robinhood. Values are illustrative.
function pair(
  pairAddress: string,
  base: DexPairBody['baseToken'],
  quote: DexPairBody['quoteToken'],
  priceUsd: string,
  liquidityUsd: number,
  chainId = 'robinhood',
): DexPairBody {
  return {
    chainId,
    dexId: 'uniswap',
    url: `https://dexscreener.com/${chainId}/${pairAddress}`,
    pairAddress,
    labels: ['v3'],
    baseToken: base,
    quoteToken: quote,
    priceNative: priceUsd,
    priceUsd,
    txns: { h24: { buys: 40, sells: 31 } },
    volume: { h24: 12000.5 },
    priceChange: { h24: 0.4 },
    liquidity: { usd: liquidityUsd, base: 100, quote: 50000 },
    fdv: null,
    marketCap: null,
    pairCreatedAt: 1758000000000,
  };
}
const spyToken = { address: SPY, name: 'SPDR S&P 500 ETF Trust • Robinhood Token', symbol: 'SPY' };
const brkToken = { address: BRK, name: 'Berkshire Hathaway • Robinhood Token', symbol: 'BRK.B' };
const usdc = { address: USDC, name: 'USD Coin', symbol: 'USDC' };
const weth = { address: WETH, name: 'Wrapped Ether', symbol: 'WETH' };
const SPY_USDC = pair('0xa100000000000000000000000000000000000001', spyToken, usdc, '575.20', 120000);
/** SPY on the quote side: its priceUsd is WETH's, never SPY's. */
const WETH_SPY = pair('0xa100000000000000000000000000000000000002', weth, spyToken, '2412.50', 30000);
const BRK_USDC = pair('0xb100000000000000000000000000000000000001', brkToken, usdc, '476.80', 80000);
/** Another token reusing the SPY ticker on robinhood: a look-alike. */
const LOOKALIKE = pair(
  '0xc100000000000000000000000000000000000001',
  { address: FAKE_SPY, name: 'SPY', symbol: 'SPY' },
  weth,
  '0.0042',
  900,
);
/** A SPY token on another chain: not on robinhood, so not counted. */
const SPY_ON_BASE = pair(
  '0xd100000000000000000000000000000000000001',
  { address: '0x7777777777777777777777777777777777777777', name: 'SPY', symbol: 'SPY' },
  weth,
  '0.01',
  5000,
  'base',
);

/** Every upstream request of a build, as each double recorded it. */
function upstream(): string[] {
  return [
    ...d.stocks.paths.map((p) => `issuer ${p}`),
    ...d.dexscreener.paths.map((p) => `dexscreener ${p}`),
    ...d.finnhub.calls.map((c) => `finnhub ${c.path}?symbol=${c.query.symbol ?? ''}`),
    ...d.secEdgar.calls.map((c) => `sec ${c.path}`),
    ...d.polymarket.calls.map((c) => `polymarket ${c.path}`),
  ];
}

const stock = (body: V1Stocks, symbol: string) => {
  const found = body.stocks.find((s) => s.symbol === symbol);
  if (!found) throw new Error(`no ${symbol} in the answer`);
  return found;
};

describe('GET /v1/stocks', () => {
  test('100 concurrent requests on a cold cache reach each upstream URL exactly once, and share one answer', async () => {
    const server = await serve();
    d.stocks.wideQuotes.add('BRK.B');
    const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${server.url}/v1/stocks`)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 100 }, () => 200));
    const etags = new Set(answers.map((r) => r.headers.get('etag')));
    expect(etags.size).toBe(1);
    const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    expect(upstream().sort()).toEqual(
      [
        'issuer /rhj/assets',
        'issuer /rhj/prices/SPY',
        'issuer /rhj/prices/BRK.B',
        `dexscreener /tokens/v1/robinhood/${SPY},${BRK}`,
        'dexscreener /latest/dex/search?q=SPY',
        'dexscreener /latest/dex/search?q=BRK.B',
        // Only BRK.B's premium needs the last close: its issuer quote is wide.
        'finnhub /quote?symbol=BRK.B',
      ].sort(),
    );
  });

  test('premium rows: by the tight issuer quote, or by the last close with the flag; a look-alike left out and counted', async () => {
    const server = await serve();
    d.stocks.wideQuotes.add('BRK.B');
    const res = await fetch(`${server.url}/v1/stocks`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as V1Stocks;
    expect(body).toMatchObject({
      network: 'robinhood',
      chainId: 4663,
      issuer: { status: 'LIVE', data: { listed: 2, leftOut: 0 }, provenance: { source: 'robinhood-stocks' } },
    });
    expect(body.stocks.map((s) => s.symbol)).toEqual(['SPY', 'BRK.B']);

    // SPY: the issuer quotes it tightly (571.43 / 571.8): the reference is the middle times the
    // multiplier; the pool where SPY is the quote side has no SPY price; the look-alike is out.
    const spy = stock(body, 'SPY');
    expect(spy.quote).toMatchObject({
      status: 'LIVE',
      data: { bid: '571.43', ask: '571.8' },
      provenance: { source: 'robinhood-stocks', fetchedAt: expect.any(String) },
    });
    expect(spy).not.toHaveProperty('lastClose');
    expect(spy.pools).toMatchObject({ status: 'LIVE', provenance: { source: 'dexscreener' } });
    expect(spy.pools.data?.pools.map((p) => [p.address, p.priceUsd])).toEqual([
      [SPY_USDC.pairAddress, '575.20'],
      [WETH_SPY.pairAddress, undefined],
    ]);
    expect(spy.lookalikes).toMatchObject({
      status: 'LIVE',
      data: { pools: 1, tokens: [{ address: FAKE_SPY, symbol: 'SPY' }] },
      provenance: { source: 'dexscreener' },
    });
    const spyReference = ((571.43 + 571.8) / 2) * Number('1.001717991187472003');
    expect(spy.premium).toMatchObject({
      reference: { basis: 'issuer quote' },
      lookalikesExcluded: 1,
      unpriced: 1,
      rows: [{ pool: SPY_USDC.pairAddress, dexPrice: '575.20', lastClose: false, source: 'dexscreener' }],
    });
    expect(spy.premium.reference?.price).toBeCloseTo(spyReference, 9);
    expect(spy.premium.rows[0]?.premium).toBeCloseTo(575.2 / spyReference - 1, 12);
    expect(spy.premium).not.toHaveProperty('reason');

    // BRK.B: the issuer's quote is wide (outside the session), so the reference is Finnhub's last
    // close (471.02, the quote's session having closed) times the multiplier 1, flagged.
    const brk = stock(body, 'BRK.B');
    expect(brk.quote.data).toMatchObject({ bid: WIDE_QUOTE.bid, ask: WIDE_QUOTE.ask });
    expect(brk.quote.data?.spread).toBeGreaterThan(0.02);
    expect(brk.lastClose).toMatchObject({
      status: 'LIVE',
      data: { price: '471.02', member: 'price', quoteTime: '2026-10-01T20:00:00.000Z' },
      provenance: { source: 'finnhub' },
    });
    expect(brk.pendingMultiplier).toEqual({
      multiplier: '1.500000000000000000',
      effectiveAt: '2026-10-07T00:00:00Z',
    });
    expect(brk.lookalikes).toMatchObject({ status: 'LIVE', data: { pools: 0, tokens: [] } });
    expect(brk.premium).toMatchObject({
      reference: { basis: 'last close', price: 471.02 },
      lookalikesExcluded: 0,
      unpriced: 0,
      rows: [{ pool: BRK_USDC.pairAddress, dexPrice: '476.80', referencePrice: 471.02, lastClose: true }],
    });
    expect(brk.premium.rows[0]?.premium).toBeCloseTo(476.8 / 471.02 - 1, 12);
    // The answer is what the served OpenAPI document says it is.
    const openapi = await openApiCheck(server.url);
    expect(openapi.documentErrors).toBeUndefined();
    expect(openapi.answerErrors('/v1/stocks', body)).toEqual([]);
  });

  test('edge headers: public with the 30 s TTL, an ETag, Vary: Origin; 304 on If-None-Match', async () => {
    const server = await serve();
    const res = await fetch(`${server.url}/v1/stocks`);
    expect(res.status).toBe(200);
    await expectEdgeCached(res, `${server.url}/v1/stocks`, 30);
    expect(d.stocks.count(/^\/rhj\/assets$/)).toBe(1);
  });

  test('Finnhub down: the row that needed the last close says why, nothing else is blanked, and the answer is not kept', async () => {
    const server = await serve();
    d.stocks.wideQuotes.add('BRK.B');
    d.finnhub.failNext.push({ match: /^\/quote$/, status: 500, body: { error: 'Internal Server Error' } });
    const res = await fetch(`${server.url}/v1/stocks`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
    const body = (await res.json()) as V1Stocks;
    const brk = stock(body, 'BRK.B');
    expect(brk.lastClose).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(brk.lastClose?.reason).toContain('HTTP 500');
    expect(brk.premium.rows).toEqual([]);
    expect(brk.premium.reason).toMatch(
      /^no reference price: the issuer's quote is wide \(4\.\d\d % of its middle\); last close: /,
    );
    expect(brk.premium.reason).toContain('HTTP 500');
    expect(brk.quote.status).toBe('LIVE');
    expect(brk.pools.status).toBe('LIVE');
    // SPY needed no last close: its row is there.
    expect(stock(body, 'SPY').premium.rows).toHaveLength(1);
    // Not kept: the next request builds again (the issuer's list is served from the data cache).
    await fetch(`${server.url}/v1/stocks`);
    expect(d.finnhub.count(/^\/quote$/)).toBe(2);
  });

  test('DexScreener rate-limited: the pools and look-alikes say why; the quotes stay', async () => {
    const server = await serve();
    d.dexscreener.rateLimited = true;
    const body = (await (await fetch(`${server.url}/v1/stocks`)).json()) as V1Stocks;
    const spy = stock(body, 'SPY');
    expect(spy.quote.status).toBe('LIVE');
    expect(spy.pools).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(spy.lookalikes).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(spy.premium.rows).toEqual([]);
    expect(spy.premium.reason).toMatch(/^no DEX price: /);
    // No pool priced, so no last close is asked for.
    expect(d.finnhub.calls).toHaveLength(0);
  });

  test("the issuer's list failing leaves an answer that says so", async () => {
    const server = await serve();
    d.stocks.failNext.push({ status: 503, body: { code: 14, message: 'unavailable' } });
    const res = await fetch(`${server.url}/v1/stocks`);
    const body = (await res.json()) as V1Stocks;
    expect(body.issuer).toMatchObject({ status: 'ERROR' });
    expect(body.issuer.reason).toContain('HTTP 503');
    expect(body.stocks).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
  });

  test('a query parameter it does not take is 400 in the uniform error body', async () => {
    const server = await serve();
    const res = await fetch(`${server.url}/v1/stocks?symbol=SPY`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; details: unknown } };
    expect(body.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    expect(body.error).toHaveProperty('details');
    expect(upstream()).toEqual([]);
  });
});
