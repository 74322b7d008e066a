// FRED, the US macro series source, through the real client against its double: the series'
// metadata and latest observations newest first, "." as an observation without a value (never 0),
// the key only in FRED's `api_key` query parameter yet nowhere in any output, FRED's documented
// errors (400 about api_key = bad key, 400 "The series does not exist.", 429, 5xx, non-JSON), the
// cache class, health, and an unconfigured provider naming FRED_API_KEY.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { FRED_CAPABILITIES } from '../../src/data/capabilities/fred.js';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { fredDescriptor } from '../../src/data/providers/fred/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { startFredServer, type FredDouble } from '../vendors/fred-server.js';
import { fakeClock } from './doubles.js';

/** FRED keys are 32 lower-case alphanumerics. */
const KEY = '0123456789abcdef0123456789fredkey';
const WRONG_KEY = 'ffffffffffffffffffffffffffffwrong';

let d: FredDouble;
beforeAll(async () => {
  d = await startFredServer(KEY);
});
afterAll(() => d.close());
beforeEach(() => d.reset());

/** A client on the double; `null`: no FRED_API_KEY at all. */
function client(key: string | null = KEY, base?: string) {
  const clock = fakeClock();
  const c = createDataClient({
    env: {
      FRED_BASE_URL: base ?? d.origin,
      ...(key ? { FRED_API_KEY: key } : {}),
      PKG_NET_ALLOW_PRIVATE: '1',
    },
    providers: [fredDescriptor],
    capabilities: [...FRED_CAPABILITIES],
    clock,
    throttles: createThrottleRegistry(),
  });
  return Object.assign(c, { clock });
}

/** The key is nowhere in what the layer returned (it is in the URLs FRED receives, as FRED requires). */
function expectNoSecret(value: unknown, key = KEY) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(key);
  expect(text).not.toContain('api_key=0');
}

const state = (c: ReturnType<typeof client>) => c.providers.list().find((p) => p.id === 'fred')?.state;
const SERIES = /^\/fred\/series$/;
const OBSERVATIONS = /^\/fred\/series\/observations$/;

describe('fred', () => {
  test('macro.series: metadata and the latest observations newest first; "." is an observation without a value; provenance fred / global', async () => {
    const c = client();
    const result = await c.run('macro.series', { seriesId: 'CPIAUCSL', limit: 4 });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'fred',
        chain: 'global',
        fresh: true,
        expiresAt: '2026-10-01T12:10:00.000Z',
      },
    });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('chainId');
    expect(result.status === 'LIVE' && result.data).toEqual({
      id: 'CPIAUCSL',
      title: 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average',
      units: 'Index 1982-1984=100',
      unitsShort: 'Index 1982-1984=100',
      frequency: 'Monthly',
      frequencyShort: 'M',
      seasonalAdjustment: 'Seasonally Adjusted',
      lastUpdated: '2026-09-11T12:38:02.000Z',
      observationStart: '1947-01-01',
      observationEnd: '2026-08-01',
      transformation: 'lin',
      count: 5,
      observations: [
        { date: '2026-08-01', value: '332.640' },
        { date: '2026-07-01' },
        { date: '2026-06-01', value: '331.455' },
        { date: '2026-05-01', value: '330.901' },
      ],
    });
    // The missing month has no value at all: not 0, not ".", not "".
    const data = result.status === 'LIVE' ? (result.data as { observations: object[] }) : undefined;
    expect(data?.observations[1]).not.toHaveProperty('value');
    // Metadata first, then observations; api_key and file_type=json on both, as FRED documents.
    expect(d.calls).toEqual([
      { path: '/fred/series', query: { series_id: 'CPIAUCSL', file_type: 'json', api_key: KEY } },
      {
        path: '/fred/series/observations',
        query: {
          series_id: 'CPIAUCSL',
          sort_order: 'desc',
          limit: '4',
          units: 'lin',
          file_type: 'json',
          api_key: KEY,
        },
      },
    ]);
    expectNoSecret(result);
    await c.close();
  });

  test('macro.series: units pc1 (percent change from a year ago) is passed through and reported; the id is accepted in lower case', async () => {
    const c = client();
    const result = await c.run('macro.series', { seriesId: 'cpiaucsl', units: 'pc1', limit: 2 });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: {
        id: 'CPIAUCSL',
        transformation: 'pc1',
        observations: [{ date: '2026-08-01', value: '2.91' }, { date: '2026-07-01' }],
      },
    });
    expect(d.calls[1]?.query).toMatchObject({ series_id: 'CPIAUCSL', units: 'pc1', limit: '2' });
    await c.close();
  });

  test('macro.series: a daily series with a holiday; a last_updated FRED did not write as a time is absent; default limit 10', async () => {
    const c = client();
    const result = await c.run('macro.series', { seriesId: 'DGS10' });
    expect(result.status === 'LIVE' && result.data).toMatchObject({
      id: 'DGS10',
      frequency: 'Daily',
      units: 'Percent',
      unitsShort: '%',
      observations: [
        { date: '2026-09-08', value: '4.11' },
        { date: '2026-09-07' },
        { date: '2026-09-04', value: '4.08' },
      ],
    });
    expect(result.status === 'LIVE' && result.data).not.toHaveProperty('lastUpdated');
    expect(d.calls[1]?.query.limit).toBe('10');
    await c.close();
  });

  test('macro.series is cached 10 minutes: CACHED with one round of requests, LIVE again after the TTL', async () => {
    const c = client();
    await c.run('macro.series', { seriesId: 'FEDFUNDS' });
    c.clock.advance(9 * 60_000);
    expect(await c.run('macro.series', { seriesId: 'FEDFUNDS' })).toMatchObject({
      status: 'CACHED',
      provenance: { source: 'fred', fresh: false, cache: { ttlMs: 600_000 } },
    });
    expect(d.calls).toHaveLength(2);
    c.clock.advance(2 * 60_000);
    expect(await c.run('macro.series', { seriesId: 'FEDFUNDS' })).toMatchObject({ status: 'LIVE' });
    expect(d.calls).toHaveLength(4);
    await c.close();
  });

  test('an unknown series (400 "The series does not exist.") is ERROR NOT_FOUND after one request, without the key', async () => {
    const c = client();
    const result = await c.run('macro.series', { seriesId: 'NOSUCHSERIES' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
      attemptedProviders: [
        {
          provider: 'fred',
          error: 'not_found: FRED has no series NOSUCHSERIES (Bad Request. The series does not exist.)',
        },
      ],
    });
    expect(d.count(SERIES)).toBe(1);
    expect(d.count(OBSERVATIONS)).toBe(0);
    expect(state(c)).toMatchObject({ status: 'eligible' });
    expectNoSecret(result);
    await c.close();
  });

  test("a bad key (FRED's 400 about api_key) is auth_failed: not asked again; no key in any result or listing", async () => {
    const c = client(WRONG_KEY);
    const result = await c.run('macro.series', { seriesId: 'UNRATE' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [
        {
          provider: 'fred',
          error: expect.stringMatching(
            /^auth_failed: key rejected \(fred GET \/fred\/series: HTTP 400 Bad Request\. The value for variable api_key is not registered\./,
          ),
        },
      ],
    });
    expect(state(c)).toMatchObject({ status: 'auth_failed' });
    const requests = d.calls.length;
    const again = await c.run('macro.series', { seriesId: 'FEDFUNDS' });
    expect(again).toMatchObject({ status: 'UNAVAILABLE' });
    expect(d.calls.length).toBe(requests);
    expectNoSecret([result, again, c.providers.list()], WRONG_KEY);
    await c.close();
  });

  test('401 or 403 (a gateway in front of FRED) is auth_failed too', async () => {
    for (const status of [401, 403]) {
      d.failNext.push({ match: SERIES, status, body: { error_code: status, error_message: 'Forbidden.' } });
      const c = client();
      const result = await c.run('macro.series', { seriesId: 'UNRATE' });
      expect(result).toMatchObject({
        status: 'ERROR',
        attemptedProviders: [
          {
            provider: 'fred',
            error: `auth_failed: key rejected (fred GET /fred/series: HTTP ${status} Forbidden.)`,
          },
        ],
      });
      expect(state(c)).toMatchObject({ status: 'auth_failed' });
      expectNoSecret(result);
      await c.close();
    }
  });

  test('429 is RATE_LIMITED after one request; no key in it', async () => {
    d.failNext.push({
      match: OBSERVATIONS,
      status: 429,
      body: { error_code: 429, error_message: 'Too Many Requests.  Exceeded Rate Limit' },
      headers: { 'retry-after': '20' },
    });
    const c = client();
    const result = await c.run('macro.series', { seriesId: 'UNRATE' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        {
          provider: 'fred',
          error:
            'rate_limited: fred GET /fred/series/observations: HTTP 429 Too Many Requests. Exceeded Rate Limit',
        },
      ],
    });
    expect(d.count(OBSERVATIONS)).toBe(1);
    expectNoSecret(result);
    await c.close();
  });

  test('500, a non-JSON 503 and another 400 are failures / PROVIDER_ERROR; no key in them', async () => {
    d.failNext.push({
      match: SERIES,
      status: 500,
      body: { error_code: 500, error_message: 'Internal Server Error.' },
    });
    d.failNext.push({ match: SERIES, status: 503, raw: '<html>Service Unavailable</html>' });
    d.failNext.push({
      match: OBSERVATIONS,
      status: 400,
      body: { error_code: 400, error_message: 'Bad Request.  Variable units is not one of the values.' },
    });
    const c = client();
    const first = await c.run('macro.series', { seriesId: 'UNRATE' });
    expect(first).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [
        { provider: 'fred', error: 'fred GET /fred/series: HTTP 500 Internal Server Error.' },
      ],
    });
    const second = await c.run('macro.series', { seriesId: 'UNRATE' });
    expect(second).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'fred', error: 'fred GET /fred/series: non-JSON response (HTTP 503)' },
      ],
    });
    const third = await c.run('macro.series', { seriesId: 'UNRATE' });
    expect(third).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [
        {
          provider: 'fred',
          error:
            'refused: fred GET /fred/series/observations: HTTP 400 Bad Request. Variable units is not one of the values.',
        },
      ],
    });
    expectNoSecret([first, second, third]);
    await c.close();
  });

  test('a network failure (nothing listening) is a failure whose message carries neither the key nor the URL query', async () => {
    const gone = await startFredServer(KEY);
    const origin = gone.origin;
    await gone.close();
    const c = client(KEY, origin);
    const result = await c.run('macro.series', { seriesId: 'UNRATE' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expectNoSecret(result);
    expect(JSON.stringify(result)).not.toContain('api_key=');
    await c.close();
  });

  test('invalid parameters are INVALID_INPUT and nothing is sent', async () => {
    const c = client();
    for (const params of [
      { seriesId: 'CPI AUCSL' },
      { seriesId: 'x'.repeat(40) },
      { seriesId: 'UNRATE', limit: 0 },
      { seriesId: 'UNRATE', limit: 5_000 },
      { seriesId: 'UNRATE', units: 'percent' },
      { seriesId: 'UNRATE', api_key: 'x' },
    ]) {
      expect(await c.run('macro.series', params)).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    }
    expect(d.calls).toHaveLength(0);
    await c.close();
  });

  test('without FRED_API_KEY the provider is not configured, names the variable, and nothing is sent', async () => {
    const c = client(null);
    expect(await c.run('macro.series', { seriesId: 'UNRATE' })).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'fred', error: 'not configured (FRED_API_KEY)' }],
    });
    expect(c.providers.list()[0]).toMatchObject({
      id: 'fred',
      configured: false,
      reason: 'not configured (FRED_API_KEY)',
    });
    expect(d.calls).toHaveLength(0);
    await c.close();
  });

  test('a FRED_BASE_URL written with the /fred prefix reaches the same paths', async () => {
    const c = client(KEY, `${d.origin}/fred/`);
    expect(await c.run('macro.series', { seriesId: 'UNRATE' })).toMatchObject({ status: 'LIVE' });
    expect(d.calls.map((x) => x.path)).toEqual(['/fred/series', '/fred/series/observations']);
    await c.close();
  });

  test('health reads one series; the endpoint is shown with {key}; no key in health or the listing', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections.fred).toMatchObject({
      status: 'LIVE',
      data: {
        series: 'FEDFUNDS',
        title: 'Federal Funds Effective Rate',
        lastUpdated: '2026-10-01T20:17:04.000Z',
      },
    });
    expect(d.calls).toHaveLength(1);
    expect(c.providers.list()[0]).toMatchObject({
      id: 'fred',
      configured: true,
      capabilities: ['macro.series'],
      endpoint: `${d.origin}/fred/series{,/observations}?series_id=…&api_key={key}&file_type=json`,
    });
    expectNoSecret([health, c.providers.list()]);
    await c.close();
  });
});
