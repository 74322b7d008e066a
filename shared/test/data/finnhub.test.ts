// Finnhub, the US equities source, through the real client against its double: quote, profile,
// company news and the earnings calendar with the key in the X-Finnhub-Token header (never in a
// URL), an unknown symbol's all-zero quote as UNAVAILABLE (never a price of 0), members Finnhub
// left out absent, default windows from the clock, the documented errors (401 bad key,
// 403 outside the plan, 429, 5xx, non-JSON), the cache classes, health, and no key anywhere.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { FINNHUB_CAPABILITIES } from '../../src/data/capabilities/finnhub.js';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { finnhubDescriptor } from '../../src/data/providers/finnhub/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { startFinnhubServer, type FinnhubDouble } from '../vendors/finnhub-server.js';
import { fakeClock } from './doubles.js';

const KEY = 'fh_0123456789abcdefFINNHUBsecret';
const WRONG_KEY = 'fh_wrong0123456789abcdefXYZ';

let f: FinnhubDouble;
beforeAll(async () => {
  f = await startFinnhubServer(KEY);
});
afterAll(() => f.close());
beforeEach(() => {
  f.reset();
  // "Today" for the default windows: 2026-10-01 (the throttles and the handlers read Date.now()).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client on the double; `null`: no FINNHUB_API_KEY at all. */
function client(key: string | null = KEY) {
  const clock = fakeClock();
  const c = createDataClient({
    env: {
      FINNHUB_BASE_URL: f.baseUrl,
      ...(key ? { FINNHUB_API_KEY: key } : {}),
      PKG_NET_ALLOW_PRIVATE: '1',
    },
    providers: [finnhubDescriptor],
    capabilities: [...FINNHUB_CAPABILITIES],
    clock,
    throttles: createThrottleRegistry(),
  });
  return Object.assign(c, { clock });
}

/** The key is nowhere in what the layer returned, and never in a URL the double saw. */
function expectNoSecret(value: unknown, key = KEY) {
  expect(JSON.stringify(value)).not.toContain(key);
  for (const call of f.calls) {
    expect(JSON.stringify(call.query)).not.toContain(key);
    expect(call.query).not.toHaveProperty('token');
  }
}

const state = (c: ReturnType<typeof client>) => c.providers.list().find((p) => p.id === 'finnhub')?.state;

describe('finnhub', () => {
  test('equities.quote: prices as decimal strings, percent a number, time ISO; provenance finnhub / global; the key only in the header', async () => {
    const c = client();
    const result = await c.run('equities.quote', { symbol: 'AAPL' });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'finnhub', chain: 'global', fresh: true },
    });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('chainId');
    expect(result.status === 'LIVE' && result.data).toEqual({
      symbol: 'AAPL',
      price: '229.35',
      change: '1.85',
      changePct: 0.8132,
      high: '230.1',
      low: '226.8',
      open: '227.2',
      previousClose: '227.5',
      time: '2026-10-01T20:00:00.000Z',
    });
    expect(f.calls).toEqual([{ path: '/quote', query: { symbol: 'AAPL' }, header: KEY }]);
    expectNoSecret(result);
    await c.close();
  });

  test('equities.quote: a class-share ticker is sent as Finnhub names it (BRK.B), lower case accepted; a negative change kept', async () => {
    const c = client();
    const result = await c.run('equities.quote', { symbol: 'brk.b' });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: { symbol: 'BRK.B', price: '471.02', change: '-2.4', changePct: -0.5069 },
    });
    expect(f.calls[0]?.query).toEqual({ symbol: 'BRK.B' });
    await c.close();
  });

  test('equities.quote: members Finnhub did not send (null change, 0 day values) are absent, never 0', async () => {
    const c = client();
    const result = await c.run('equities.quote', { symbol: 'NEWCO' });
    expect(result.status === 'LIVE' && result.data).toEqual({
      symbol: 'NEWCO',
      price: '12.5',
      previousClose: '12.5',
      time: '2026-10-01T20:00:00.000Z',
    });
    await c.close();
  });

  test("equities.quote: an unknown symbol's all-zero answer is UNAVAILABLE (no data), never a price of 0", async () => {
    const c = client();
    const result = await c.run('equities.quote', { symbol: 'ZZZZ' });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      answers: [
        {
          provider: 'finnhub',
          error: 'no data: Finnhub has no quote for ZZZZ (an unknown symbol, or one its plan does not cover)',
        },
      ],
    });
    expect(result).not.toHaveProperty('data');
    expect(JSON.stringify(result)).not.toMatch(/"price"/);
    expect(state(c)).toMatchObject({ status: 'eligible' });
    await c.close();
  });

  test('equities.quote: a symbol outside the grammar is INVALID_INPUT and nothing is sent', async () => {
    const c = client();
    for (const symbol of ['AAPL;DROP', '0A02.L', '', 'TOOLONGTICKER']) {
      const result = await c.run('equities.quote', { symbol });
      expect(result).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    }
    expect(await c.run('equities.quote', { symbol: 'AAPL', extra: 1 })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(f.calls).toHaveLength(0);
    await c.close();
  });

  test('equities.quote is a price: cached 30 s (CACHED, one request), then asked again', async () => {
    const c = client();
    const first = await c.run('equities.quote', { symbol: 'AAPL' });
    expect(first).toMatchObject({
      status: 'LIVE',
      provenance: { expiresAt: '2026-10-01T12:00:30.000Z' },
    });
    c.clock.advance(29_000);
    expect(await c.run('equities.quote', { symbol: 'AAPL' })).toMatchObject({
      status: 'CACHED',
      provenance: { fresh: false, cache: { ttlMs: 30_000 } },
    });
    expect(f.count(/^\/quote$/)).toBe(1);
    c.clock.advance(2_000);
    expect(await c.run('equities.quote', { symbol: 'AAPL' })).toMatchObject({ status: 'LIVE' });
    expect(f.count(/^\/quote$/)).toBe(2);
    await c.close();
  });

  test('equities.profile: the company profile, millions named as such; provenance finnhub / global', async () => {
    const c = client();
    const result = await c.run('equities.profile', { symbol: 'AAPL' });
    expect(result).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'finnhub', chain: 'global', expiresAt: '2026-10-01T12:10:00.000Z' },
    });
    expect(result.status === 'LIVE' && result.data).toEqual({
      symbol: 'AAPL',
      ticker: 'AAPL',
      name: 'Apple Inc',
      exchange: 'NASDAQ NMS - GLOBAL MARKET',
      country: 'US',
      currency: 'USD',
      industry: 'Technology',
      ipoDate: '1980-12-12',
      marketCapMillions: 3410000.5,
      sharesOutstandingMillions: 14840.39,
      website: 'https://www.apple.example/',
      logo: 'https://static.finnhub.example/logo/AAPL.png',
      phone: '14085551010',
    });
    expect(f.calls[0]).toMatchObject({ path: '/stock/profile2', query: { symbol: 'AAPL' }, header: KEY });
    await c.close();
  });

  test('equities.profile: empty strings, null and a 0 market capitalization are absent', async () => {
    const c = client();
    const result = await c.run('equities.profile', { symbol: 'NEWCO' });
    expect(result.status === 'LIVE' && result.data).toEqual({
      symbol: 'NEWCO',
      ticker: 'NEWCO',
      name: 'Newco Holdings',
      exchange: 'NEW YORK STOCK EXCHANGE, INC.',
      country: 'US',
      currency: 'USD',
      sharesOutstandingMillions: 120.5,
      website: 'https://newco.example/',
    });
    await c.close();
  });

  test("equities.profile: an unknown symbol's {} is UNAVAILABLE", async () => {
    const c = client();
    const result = await c.run('equities.profile', { symbol: 'ZZZZ' });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'finnhub', error: 'no data: Finnhub has no profile for ZZZZ' }],
    });
    await c.close();
  });

  test('equities.news: by default the last 7 days (UTC), newest first, cut to limit, untrusted; empty strings absent', async () => {
    const c = client();
    const result = await c.run('equities.news', { symbol: 'AAPL', limit: 2 });
    expect(result).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'finnhub', chain: 'global', expiresAt: '2026-10-01T12:10:00.000Z' },
    });
    expect(f.calls[0]).toMatchObject({
      path: '/company-news',
      query: { symbol: 'AAPL', from: '2026-09-25', to: '2026-10-01' },
      header: KEY,
    });
    expect(result.status === 'LIVE' && result.data).toEqual({
      symbol: 'AAPL',
      from: '2026-09-25',
      to: '2026-10-01',
      total: 3,
      articles: [
        {
          id: 7002,
          headline: 'Apple schedules product event',
          source: 'Wire Two',
          url: 'https://news.example/7002',
          category: 'company',
          related: 'AAPL',
          publishedAt: '2026-10-01T10:20:00.000Z',
        },
        {
          id: 7003,
          headline: 'Analysts revise Apple estimates',
          summary: 'Estimates move up after channel checks.',
          source: 'Wire One',
          url: 'https://news.example/7003',
          image: 'https://images.news.example/7003.jpg',
          category: 'company',
          related: 'AAPL,MSFT',
          publishedAt: '2026-09-29T16:40:00.000Z',
        },
      ],
      untrusted: true,
    });
    await c.close();
  });

  test('equities.news: an explicit window is sent as given; an empty answer is an empty list; from after to is refused before any request', async () => {
    const c = client();
    const older = await c.run('equities.news', { symbol: 'AAPL', from: '2026-09-01', to: '2026-09-15' });
    expect(older).toMatchObject({
      status: 'LIVE',
      data: { from: '2026-09-01', to: '2026-09-15', total: 1, articles: [{ id: 6990 }] },
    });
    expect(f.calls[0]?.query).toEqual({ symbol: 'AAPL', from: '2026-09-01', to: '2026-09-15' });
    const none = await c.run('equities.news', { symbol: 'MSFT' });
    expect(none).toMatchObject({ status: 'LIVE', data: { symbol: 'MSFT', total: 0, articles: [] } });
    const requests = f.calls.length;
    expect(
      await c.run('equities.news', { symbol: 'AAPL', from: '2026-09-20', to: '2026-09-10' }),
    ).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    // Only `from` given, after today (the default `to`): refused by the provider before sending.
    expect(await c.run('equities.news', { symbol: 'AAPL', from: '2026-12-01' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(await c.run('equities.news', { symbol: 'AAPL', from: '2026-02-30' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(f.calls.length).toBe(requests);
    await c.close();
  });

  test('equities.earnings: by default the next 7 days, by date then symbol; hour "" and null figures absent', async () => {
    const c = client();
    const result = await c.run('equities.earnings', {});
    expect(f.calls[0]).toMatchObject({
      path: '/calendar/earnings',
      query: { from: '2026-10-01', to: '2026-10-07' },
      header: KEY,
    });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'finnhub', chain: 'global' } });
    expect(result.status === 'LIVE' && result.data).toEqual({
      from: '2026-10-01',
      to: '2026-10-07',
      earnings: [
        {
          symbol: 'ACME',
          date: '2026-10-01',
          hour: 'bmo',
          year: 2026,
          quarter: 3,
          epsEstimate: 1.15,
          epsActual: 1.21,
          revenueEstimate: 21000000000,
          revenueActual: 21500000000,
        },
        {
          symbol: 'BETA',
          date: '2026-10-03',
          hour: 'dmh',
          year: 2026,
          quarter: 3,
          epsEstimate: 0.42,
          revenueEstimate: 1250000000,
        },
        { symbol: 'SMALL', date: '2026-10-03', year: 2026, quarter: 3 },
        {
          symbol: 'AAPL',
          date: '2026-10-06',
          hour: 'amc',
          year: 2026,
          quarter: 4,
          epsEstimate: 1.62,
          revenueEstimate: 98400000000,
        },
      ],
    });
    await c.close();
  });

  test('equities.earnings: one symbol over an explicit window; none listed is an empty calendar', async () => {
    const c = client();
    const one = await c.run('equities.earnings', { symbol: 'aapl', from: '2026-10-01', to: '2026-12-31' });
    expect(one).toMatchObject({
      status: 'LIVE',
      data: {
        from: '2026-10-01',
        to: '2026-12-31',
        symbol: 'AAPL',
        earnings: [{ symbol: 'AAPL', date: '2026-10-06' }],
      },
    });
    expect(f.calls[0]?.query).toEqual({ from: '2026-10-01', to: '2026-12-31', symbol: 'AAPL' });
    const none = await c.run('equities.earnings', { symbol: 'MSFT' });
    expect(none).toMatchObject({ status: 'LIVE', data: { symbol: 'MSFT', earnings: [] } });
    await c.close();
  });

  test('401 Invalid API key: auth_failed, not asked again; no key in any result or listing', async () => {
    const c = client(WRONG_KEY);
    const result = await c.run('equities.quote', { symbol: 'AAPL' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [
        {
          provider: 'finnhub',
          error: 'auth_failed: key rejected (finnhub GET /quote: HTTP 401 Invalid API key.)',
        },
      ],
    });
    expect(state(c)).toMatchObject({ status: 'auth_failed' });
    const requests = f.calls.length;
    const again = await c.run('equities.news', { symbol: 'AAPL' });
    expect(again).toMatchObject({ status: 'UNAVAILABLE' });
    expect(f.calls.length).toBe(requests);
    expectNoSecret([result, again, c.providers.list()], WRONG_KEY);
    await c.close();
  });

  test('403 "You don\'t have access to this resource." (outside the plan): UNAVAILABLE for that symbol, the provider stays eligible', async () => {
    f.noAccess.add('RY');
    const c = client();
    const result = await c.run('equities.quote', { symbol: 'RY' });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [
        {
          provider: 'finnhub',
          error:
            "no data: Finnhub's plan does not cover this request (finnhub GET /quote: HTTP 403 You don't have access to this resource.)",
        },
      ],
    });
    expect(state(c)).toMatchObject({ status: 'eligible' });
    expect(await c.run('equities.quote', { symbol: 'AAPL' })).toMatchObject({ status: 'LIVE' });
    // Finnhub has sent the same text with a 401 (github.com/finnhubio/Finnhub-API issue #405).
    f.failNext.push({
      match: /^\/stock\/profile2$/,
      status: 401,
      body: { error: "You don't have access to this resource." },
    });
    const profile = await c.run('equities.profile', { symbol: 'AAPL' });
    expect(profile).toMatchObject({ status: 'UNAVAILABLE' });
    expect(state(c)).toMatchObject({ status: 'eligible' });
    expectNoSecret([result, profile]);
    await c.close();
  });

  test('429 API limit reached: RATE_LIMITED after one request (tried once, even with a short Retry-After)', async () => {
    f.failNext.push({
      match: /^\/quote$/,
      status: 429,
      body: { error: 'API limit reached. Please try again later. Remaining Limit: 0' },
      headers: { 'retry-after': '1' },
    });
    const c = client();
    const result = await c.run('equities.quote', { symbol: 'AAPL' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        {
          provider: 'finnhub',
          error:
            'rate_limited: finnhub GET /quote: HTTP 429 API limit reached. Please try again later. Remaining Limit: 0',
        },
      ],
    });
    expect(f.count(/^\/quote$/)).toBe(1);
    expectNoSecret(result);
    await c.close();
  });

  test('5xx and a non-JSON body are provider failures; an unexpected 2xx shape too; no key in them', async () => {
    f.failNext.push({ match: /^\/quote$/, status: 502, raw: '<html>Bad Gateway</html>' });
    f.failNext.push({ match: /^\/stock\/profile2$/, status: 500, body: { error: 'Internal error' } });
    f.failNext.push({ match: /^\/calendar\/earnings$/, status: 200, body: { calendar: [] } });
    const c = client();
    const quote = await c.run('equities.quote', { symbol: 'AAPL' });
    expect(quote).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [
        { provider: 'finnhub', error: 'finnhub GET /quote: non-JSON response (HTTP 502)' },
      ],
    });
    const profile = await c.run('equities.profile', { symbol: 'AAPL' });
    expect(profile).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'finnhub', error: 'finnhub GET /stock/profile2: HTTP 500 Internal error' },
      ],
    });
    const earnings = await c.run('equities.earnings', {});
    expect(earnings).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'finnhub', error: 'finnhub GET /calendar/earnings: unexpected payload (HTTP 200)' },
      ],
    });
    expectNoSecret([quote, profile, earnings]);
    await c.close();
  });

  test('another 4xx is PROVIDER_ERROR without fallback', async () => {
    f.failNext.push({ match: /^\/company-news$/, status: 422, body: { error: 'Wrong date range.' } });
    const c = client();
    const result = await c.run('equities.news', { symbol: 'AAPL' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [
        { provider: 'finnhub', error: 'refused: finnhub GET /company-news: HTTP 422 Wrong date range.' },
      ],
    });
    expect(state(c)).toMatchObject({ status: 'eligible' });
    await c.close();
  });

  test('without FINNHUB_API_KEY the provider is not configured, names the variable, and nothing is sent', async () => {
    const c = client(null);
    for (const [name, params] of [
      ['equities.quote', { symbol: 'AAPL' }],
      ['equities.profile', { symbol: 'AAPL' }],
      ['equities.news', { symbol: 'AAPL' }],
      ['equities.earnings', {}],
    ] as const) {
      expect(await c.run(name, params)).toMatchObject({
        status: 'UNAVAILABLE',
        answers: [{ provider: 'finnhub', error: 'not configured (FINNHUB_API_KEY)' }],
      });
    }
    expect(c.providers.list()[0]).toMatchObject({
      id: 'finnhub',
      configured: false,
      reason: 'not configured (FINNHUB_API_KEY)',
    });
    expect(f.calls).toHaveLength(0);
    await c.close();
  });

  test('health reads the US market status; the endpoint is shown with {key}; no key in the listing', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections.finnhub).toMatchObject({
      status: 'LIVE',
      data: { exchange: 'US', isOpen: false, session: 'post-market', time: '2026-10-01T20:10:00.000Z' },
    });
    expect(f.calls).toEqual([{ path: '/stock/market-status', query: { exchange: 'US' }, header: KEY }]);
    expect(c.providers.list()[0]).toMatchObject({
      id: 'finnhub',
      configured: true,
      capabilities: ['equities.quote', 'equities.profile', 'equities.news', 'equities.earnings'],
      endpoint: `${f.baseUrl}/{quote,stock/profile2,company-news,calendar/earnings} (X-Finnhub-Token: {key})`,
    });
    expectNoSecret([health, c.providers.list()]);
    await c.close();
  });
});
