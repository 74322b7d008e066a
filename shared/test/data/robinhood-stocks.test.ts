// The stock-token issuer API through the real client against its double: the asset list and a
// quote passed through exactly as the issuer returns them, unknown symbols, both rate-limit
// answers, an empty quote list and failures.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { robinhoodStocksDescriptor } from '../../src/data/providers/robinhood-stocks/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import {
  ASSETS,
  quoteOf,
  startRobinhoodStocksServer,
  type RobinhoodStocksDouble,
} from '../vendors/robinhood-stocks-server.js';
import { fakeClock } from './doubles.js';

let d: RobinhoodStocksDouble;
beforeAll(async () => {
  d = await startRobinhoodStocksServer();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

function client() {
  return createDataClient({
    env: { ROBINHOOD_BASE_URL: d.origin, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [robinhoodStocksDescriptor],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
}

describe('robinhood-stocks', () => {
  test('stocks.list passes the asset registry through unchanged, members the layer does not read included', async () => {
    const c = client();
    const result = await c.stocks.list({});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'robinhood-stocks', chain: 'robinhood', chainId: 4663 },
    });
    expect(result.status === 'LIVE' && result.data).toStrictEqual(ASSETS);
    expect(d.paths).toEqual(['/rhj/assets']);
    await c.close();
  });

  test('stocks.quote passes the quote through unchanged (raw underlying bid/ask, undocumented members kept)', async () => {
    const c = client();
    const result = await c.stocks.quote({ symbol: 'BRK.B' });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'robinhood-stocks' } });
    expect(result.status === 'LIVE' && result.data).toStrictEqual(quoteOf('BRK.B'));
    expect(d.paths).toEqual(['/rhj/prices/BRK.B']);
    await c.close();
  });

  test('an unknown symbol is ERROR NOT_FOUND naming it; a lower-case symbol is refused before any request', async () => {
    const c = client();
    const result = await c.stocks.quote({ symbol: 'ZZZZ' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
      message: expect.stringContaining('the issuer lists no stock token ZZZZ'),
    });
    expect(d.count(/^\/rhj\/prices\//)).toBe(1);
    const lower = await c.stocks.quote({ symbol: 'spy' });
    expect(lower).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(d.count(/^\/rhj\/prices\//)).toBe(1);
    await c.close();
  });

  test('HTTP 200 with the plain-text body local_rate_limited is RATE_LIMITED', async () => {
    d.rateLimit = 'local200';
    const c = client();
    const list = await c.stocks.list({});
    expect(list).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        { provider: 'robinhood-stocks', error: expect.stringContaining('local_rate_limited') },
      ],
    });
    const quote = await c.stocks.quote({ symbol: 'SPY' });
    expect(quote).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    await c.close();
  });

  test('HTTP 429 is RATE_LIMITED', async () => {
    d.rateLimit = 'http429';
    const c = client();
    expect(await c.stocks.quote({ symbol: 'SPY' })).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(await c.stocks.list({})).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(d.paths).toHaveLength(2);
    await c.close();
  });

  test('an empty quote list is UNAVAILABLE, never an invented quote', async () => {
    d.emptyQuotes.add('SPY');
    const c = client();
    const result = await c.stocks.quote({ symbol: 'SPY' });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'robinhood-stocks', error: 'no data: the issuer returned no quote for SPY' }],
    });
    expect(result).not.toHaveProperty('data');
    await c.close();
  });

  test('5xx and a payload without the members the layer reads are provider failures', async () => {
    d.failNext.push({ status: 503, raw: 'upstream connect error' });
    d.failNext.push({ status: 200, body: { assets: [{ tokenName: 'no symbol' }] } });
    d.failNext.push({ status: 200, body: { quotes: [{ tokenSymbol: 'SPY', bid: 571.43 }] } });
    const c = client();
    expect(await c.stocks.list({})).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'robinhood-stocks', error: expect.stringContaining('HTTP 503') }],
    });
    expect(await c.stocks.list({ fresh: true })).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ error: expect.stringContaining('unexpected payload') }],
    });
    expect(await c.stocks.quote({ symbol: 'SPY' })).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ error: expect.stringContaining('unexpected quote') }],
    });
    await c.close();
  });

  test('health counts the assets; the endpoint is shown with its /rhj paths', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections['robinhood-stocks']).toMatchObject({ status: 'LIVE', data: { assets: 2 } });
    expect(c.providers.list()[0]).toMatchObject({
      id: 'robinhood-stocks',
      configured: true,
      endpoint: `${d.origin}/rhj/...`,
      capabilities: ['stocks.list', 'stocks.quote'],
    });
    await c.close();
  });
});
