// alternative.me's fear-and-greed index through the real client against its double: the newest
// reading and the history, members not sent left out, `metadata.error`, an empty list, 429, 5xx,
// non-JSON, the 10-minute cache and health.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ALTERNATIVE_ME_CAPABILITIES } from '../../src/data/capabilities/alternative-me.js';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { alternativeMeDescriptor } from '../../src/data/providers/alternative-me/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { startAlternativeMeServer, type AlternativeMeDouble } from '../vendors/alternative-me-server.js';
import { fakeClock } from './doubles.js';

let a: AlternativeMeDouble;
beforeAll(async () => {
  a = await startAlternativeMeServer();
});
afterAll(() => a.close());
beforeEach(() => a.reset());

function client(clock = fakeClock()) {
  return createDataClient({
    env: { ALTERNATIVE_ME_BASE_URL: a.origin, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [alternativeMeDescriptor],
    capabilities: [...ALTERNATIVE_ME_CAPABILITIES],
    clock,
    throttles: createThrottleRegistry(),
  });
}

describe('alternative-me', () => {
  test("sentiment.fearGreed: today's value, classification, day and seconds to the next update; global provenance", async () => {
    const c = client();
    const result = await c.run('sentiment.fearGreed', {});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'alternative-me', chain: 'global', fresh: true },
    });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('chainId');
    expect(result.status === 'LIVE' && result.data).toEqual({
      index: 'Fear and Greed Index',
      latest: {
        value: 47,
        classification: 'Neutral',
        date: '2026-10-01T00:00:00.000Z',
        nextUpdateInSeconds: 25675,
      },
    });
    expect(a.calls).toEqual([{ path: '/fng/', query: { limit: '1', format: 'json' } }]);
    await c.close();
  });

  test('limit N: N daily readings newest first, the latest included', async () => {
    const c = client();
    const result = await c.run('sentiment.fearGreed', { limit: 3 });
    expect(result.status === 'LIVE' && result.data).toEqual({
      index: 'Fear and Greed Index',
      latest: {
        value: 47,
        classification: 'Neutral',
        date: '2026-10-01T00:00:00.000Z',
        nextUpdateInSeconds: 25675,
      },
      history: [
        { value: 47, classification: 'Neutral', date: '2026-10-01T00:00:00.000Z' },
        { value: 38, classification: 'Fear', date: '2026-09-30T00:00:00.000Z' },
        { value: 22, classification: 'Extreme Fear', date: '2026-09-29T00:00:00.000Z' },
      ],
    });
    expect(a.calls[0]?.query).toEqual({ limit: '3', format: 'json' });
    await c.close();
  });

  test('a classification alternative.me did not send is absent, never invented from the value', async () => {
    a.unclassified = true;
    const c = client();
    const result = await c.run('sentiment.fearGreed', {});
    expect(result.status === 'LIVE' && result.data).toEqual({
      index: 'Fear and Greed Index',
      latest: { value: 47, date: '2026-10-01T00:00:00.000Z', nextUpdateInSeconds: 25675 },
    });
    await c.close();
  });

  test('metadata.error is PROVIDER_ERROR with its text; an empty list is UNAVAILABLE', async () => {
    a.metadataError = 'Invalid date format';
    const c = client();
    const refused = await c.run('sentiment.fearGreed', {});
    expect(refused).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [{ provider: 'alternative-me', error: 'refused: /fng/: Invalid date format' }],
    });
    a.metadataError = undefined;
    a.empty = true;
    const empty = await c.run('sentiment.fearGreed', { fresh: true });
    expect(empty).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      answers: [
        { provider: 'alternative-me', error: 'no data: alternative.me sent no fear-and-greed reading' },
      ],
    });
    expect(empty).not.toHaveProperty('data');
    await c.close();
  });

  test('429 is RATE_LIMITED; 5xx and a non-JSON body are provider failures', async () => {
    a.failNext.push({ status: 429, body: { error: 'Too Many Requests' }, headers: { 'retry-after': '60' } });
    a.failNext.push({ status: 503, raw: '<html>Service Unavailable</html>' });
    a.failNext.push({ status: 200, raw: '<html>cloudflare</html>' });
    const c = client();
    expect(await c.run('sentiment.fearGreed', {})).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [{ provider: 'alternative-me', error: 'rate_limited: /fng/: HTTP 429' }],
    });
    expect(await c.run('sentiment.fearGreed', {})).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'alternative-me', error: '/fng/: HTTP 503' }],
    });
    expect(await c.run('sentiment.fearGreed', {})).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ provider: 'alternative-me', error: '/fng/: non-JSON response (HTTP 200)' }],
    });
    expect(a.calls).toHaveLength(3);
    await c.close();
  });

  test('cached 10 minutes (metadata class): one request until the TTL ends; fresh asks again', async () => {
    const clock = fakeClock();
    const c = client(clock);
    await c.run('sentiment.fearGreed', {});
    clock.advance(9 * 60_000);
    expect(await c.run('sentiment.fearGreed', {})).toMatchObject({
      status: 'CACHED',
      provenance: { source: 'alternative-me', fresh: false, cache: { ttlMs: 600_000 } },
    });
    expect(a.calls).toHaveLength(1);
    clock.advance(60_001);
    expect(await c.run('sentiment.fearGreed', {})).toMatchObject({ status: 'LIVE' });
    expect(await c.run('sentiment.fearGreed', { fresh: true })).toMatchObject({ status: 'LIVE' });
    expect(a.calls).toHaveLength(3);
    await c.close();
  });

  test('invalid limits are INVALID_INPUT before any request', async () => {
    const c = client();
    for (const limit of [0, -1, 1.5, 5000])
      expect(await c.run('sentiment.fearGreed', { limit })).toMatchObject({
        status: 'ERROR',
        code: 'INVALID_INPUT',
      });
    expect(a.calls).toHaveLength(0);
    await c.close();
  });

  test('health reads the newest reading', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections['alternative-me']).toMatchObject({
      status: 'LIVE',
      data: { readings: 1, value: 47, classification: 'Neutral', date: '2026-10-01T00:00:00.000Z' },
    });
    expect(c.providers.list()[0]).toMatchObject({
      id: 'alternative-me',
      configured: true,
      endpoint: `${a.origin}/fng/`,
      capabilities: ['sentiment.fearGreed'],
    });
    await c.close();
  });
});
