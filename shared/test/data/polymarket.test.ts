// Polymarket's Gamma API (odds.events) through the real client against its double: open events
// by tag and by search, the JSON-encoded outcome lists parsed, prices kept as the probabilities
// sent, the mutually-exclusive flag, absent members, closed events and markets left out, the
// documented errors, the cache and the health request.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { oddsEvents } from '../../src/data/capabilities/polymarket.js';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { polymarketDescriptor } from '../../src/data/providers/polymarket/descriptor.js';
import { parseJsonList, probability } from '../../src/data/providers/polymarket/index.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import type { OddsEventList } from '../../src/data/sources/polymarket-types.js';
import {
  polymarketReplies,
  startPolymarketServer,
  type PolymarketDouble,
} from '../vendors/polymarket-server.js';
import { fakeClock } from './doubles.js';

let pm: PolymarketDouble;
beforeAll(async () => {
  pm = await startPolymarketServer();
});
afterAll(() => pm.close());
beforeEach(() => pm.reset());

function client() {
  const clock = fakeClock();
  const c = createDataClient({
    env: { POLYMARKET_BASE_URL: pm.origin, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [polymarketDescriptor],
    capabilities: [oddsEvents],
    clock,
    throttles: createThrottleRegistry(),
  });
  return { c, clock };
}

const EVENTS = /^\/events$/;
const SEARCH = /^\/public-search$/;

function dataOf(result: Awaited<ReturnType<ReturnType<typeof client>['c']['run']>>): OddsEventList {
  if (result.status !== 'LIVE' && result.status !== 'CACHED') throw new Error(JSON.stringify(result));
  return result.data as OddsEventList;
}

describe('polymarket odds.events', () => {
  test('by tag: open events with their open markets, outcome lists parsed, the Yes price found by name', async () => {
    const { c } = client();
    const result = await c.run('odds.events', { tag: 'fed-rates' });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'polymarket', chain: 'global', fresh: true },
    });
    expect(result.status === 'LIVE' && 'chainId' in result.provenance).toBe(false);
    expect(dataOf(result)).toEqual({
      tag: 'fed-rates',
      count: 1,
      events: [
        {
          id: '45883',
          slug: 'fed-decision-in-december',
          title: 'Fed decision in December?',
          url: 'https://polymarket.com/event/fed-decision-in-december',
          startDate: '2026-09-20T15:00:00Z',
          endDate: '2026-12-10T12:00:00Z',
          mutuallyExclusive: true,
          volumeUsd: 48210000.5,
          volume24hUsd: 1204000,
          liquidityUsd: 3120000.25,
          openInterestUsd: 9800000,
          tags: [
            { id: '100196', slug: 'fed-rates', label: 'Fed Rates' },
            { id: '100328', slug: 'economy', label: 'Economy' },
          ],
          markets: [
            {
              id: '601698',
              question: 'Fed decreases interest rates by 25 bps after December 2026 meeting?',
              slug: 'fed-25-bps-decrease-december',
              label: '25 bps decrease',
              bucketOrder: 1,
              outcomes: [
                { name: 'Yes', price: '0.71' },
                { name: 'No', price: '0.29' },
              ],
              yesPrice: '0.71',
              volumeUsd: 21000000.75,
              volume24hUsd: 800000,
              liquidityUsd: 950000.5,
              endDate: '2026-12-10T12:00:00Z',
              active: true,
              acceptingOrders: true,
            },
            {
              id: '601699',
              question: 'No change in Fed interest rates after December 2026 meeting?',
              slug: 'fed-no-change-december',
              label: 'No change',
              bucketOrder: 2,
              outcomes: [
                { name: 'No', price: '0.76' },
                { name: 'Yes', price: '0.24' },
              ],
              yesPrice: '0.24',
              volumeUsd: 19000000,
              liquidityUsd: 640000,
              endDate: '2026-12-10T12:00:00Z',
              active: true,
              acceptingOrders: true,
            },
          ],
          closedMarketsLeftOut: 1,
        },
      ],
    });
    expect(pm.calls).toEqual([
      {
        path: '/events',
        query: { tag_slug: 'fed-rates', active: 'true', closed: 'false', archived: 'false', limit: '20' },
      },
    ]);
    await c.close();
  });

  test('by search within a tag: /public-search for open events; independent price levels are not mutually exclusive; string volumes read as numbers', async () => {
    const { c } = client();
    const result = await c.run('odds.events', { search: 'NVDA', tag: 'stocks', limit: 5 });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'polymarket', chain: 'global' } });
    const data = dataOf(result);
    expect(data).toMatchObject({ tag: 'stocks', search: 'NVDA', count: 1, hasMore: false });
    const [event] = data.events;
    expect(event).toMatchObject({
      id: '51020',
      title: 'NVDA close above ___ on December 31?',
      mutuallyExclusive: false,
      volumeUsd: 1520000.5,
      liquidityUsd: 88000,
    });
    expect(event?.markets.map((m) => [m.label, m.yesPrice, m.bucketOrder])).toEqual([
      ['$200', '0.82', 0],
      ['$250', '0.47', 1],
    ]);
    expect(pm.count(EVENTS)).toBe(0);
    expect(pm.calls[0]).toEqual({
      path: '/public-search',
      query: {
        q: 'NVDA',
        events_status: 'active',
        events_tag: 'stocks',
        limit_per_type: '5',
        search_tags: 'false',
        search_profiles: 'false',
      },
    });
    await c.close();
  });

  test('members Polymarket left out (null prices, null or empty volume, no negRisk) are absent, never 0 or ""', async () => {
    const { c } = client();
    const data = dataOf(await c.run('odds.events', { tag: 'inflation' }));
    expect(data.events).toEqual([
      {
        id: '52231',
        slug: 'november-cpi-above',
        title: 'November CPI year over year?',
        url: 'https://polymarket.com/event/november-cpi-above',
        endDate: '2026-12-11T13:30:00Z',
        tags: [
          { id: '102000', slug: 'inflation', label: 'Inflation' },
          { id: '100328', slug: 'economy', label: 'Economy' },
        ],
        markets: [
          {
            id: '703001',
            question: 'November CPI above 3.0%?',
            label: '>3.0%',
            outcomes: [{ name: 'Yes' }, { name: 'No' }],
            active: true,
            acceptingOrders: true,
          },
        ],
      },
    ]);
    await c.close();
  });

  test('closed events are left out and counted even when Polymarket ignores the filters', async () => {
    pm.ignoreFilters = true;
    const { c } = client();
    const data = dataOf(await c.run('odds.events', { tag: 'fed-rates' }));
    expect(data.events.map((e) => e.id)).toEqual(['45883']);
    expect(data).toMatchObject({ count: 1, leftOut: 1 });
    await c.close();
  });

  test('an empty list is an empty list: a tag with no open events', async () => {
    const { c } = client();
    const data = dataOf(await c.run('odds.events', { tag: 'earnings' }));
    expect(data).toEqual({ tag: 'earnings', events: [], count: 0 });
    await c.close();
  });

  test('the outcome lists: JSON strings parsed; unreadable lists, other lengths and prices outside 0..1 give nothing', () => {
    expect(parseJsonList('["Yes", "No"]')).toEqual(['Yes', 'No']);
    expect(parseJsonList(['Yes', 'No'])).toEqual(['Yes', 'No']);
    expect(parseJsonList('[Yes, No]')).toBeUndefined();
    expect(parseJsonList('{"a":1}')).toBeUndefined();
    expect(parseJsonList('')).toBeUndefined();
    expect(parseJsonList(null)).toBeUndefined();
    expect(probability('0.0005')).toBe('0.0005');
    expect(probability('1')).toBe('1');
    expect(probability('0')).toBe('0');
    expect(probability(0.5)).toBe('0.5');
    expect(probability('1.2')).toBeUndefined();
    expect(probability('-0.1')).toBeUndefined();
    expect(probability('')).toBeUndefined();
    expect(probability('abc')).toBeUndefined();
  });

  test('a price list of another length than the outcome list pairs no price', async () => {
    pm.failNext.push({
      match: EVENTS,
      status: 200,
      body: [
        {
          id: '9',
          title: 'Malformed?',
          active: true,
          closed: false,
          markets: [
            { id: '91', outcomes: '["Yes", "No"]', outcomePrices: '["0.5"]' },
            { id: '92', outcomes: 'not json', outcomePrices: '["0.5", "0.5"]' },
          ],
        },
      ],
    });
    const { c } = client();
    const data = dataOf(await c.run('odds.events', { tag: 'fed-rates' }));
    expect(data.events[0]?.markets).toEqual([
      { id: '91', outcomes: [{ name: 'Yes' }, { name: 'No' }] },
      { id: '92' },
    ]);
    await c.close();
  });

  test('invalid parameters are refused before any request', async () => {
    const { c } = client();
    const none = await c.run('odds.events', {});
    expect(none).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(none.status === 'ERROR' && none.message).toContain('give a tag, a search, or both');
    expect(await c.run('odds.events', { tag: 'Fed Rates' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(await c.run('odds.events', { tag: 'fed-rates', limit: 500 })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(await c.run('odds.events', { tag: 'fed-rates', other: 1 })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(pm.calls).toHaveLength(0);
    await c.close();
  });

  test('429 from the Cloudflare front (HTML, Retry-After) is RATE_LIMITED', async () => {
    pm.failNext.push(polymarketReplies.rateLimited);
    const { c } = client();
    const result = await c.run('odds.events', { tag: 'fed-rates' });
    expect(resultSchema.parse(result)).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(result.status === 'ERROR' && result.attemptedProviders[0]?.provider).toBe('polymarket');
    expect(pm.count(EVENTS)).toBe(1);
    await c.close();
  });

  test('a refused parameter (422 {type, error}) is PROVIDER_ERROR with the vendor message, no retry', async () => {
    pm.failNext.push({ ...polymarketReplies.badRequest, match: SEARCH });
    const { c } = client();
    const result = await c.run('odds.events', { search: 'fed' });
    expect(resultSchema.parse(result)).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain('invalid value for limit_per_type');
    expect(pm.count(SEARCH)).toBe(1);
    await c.close();
  });

  test('404 on a list is nothing listed: UNAVAILABLE naming the answer', async () => {
    pm.failNext.push(polymarketReplies.notFound);
    const { c } = client();
    const result = await c.run('odds.events', { tag: 'fed-rates' });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      network: 'global',
    });
    expect(result.status === 'UNAVAILABLE' && result.answers?.[0]?.error).toMatch(/^no data: /);
    await c.close();
  });

  test('a 502 HTML page and a 200 interstitial are provider failures, and the provider cools down after three', async () => {
    const { c } = client();
    pm.failNext.push(polymarketReplies.badGateway);
    const bad = await c.run('odds.events', { tag: 'fed-rates' });
    expect(bad).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(bad.status === 'ERROR' && bad.attemptedProviders[0]?.error).toContain(
      'non-JSON response (HTTP 502)',
    );
    pm.failNext.push(polymarketReplies.interstitial);
    const page = await c.run('odds.events', { tag: 'inflation' });
    expect(page.status === 'ERROR' && page.attemptedProviders[0]?.error).toContain(
      'non-JSON response (HTTP 200)',
    );
    pm.failNext.push(polymarketReplies.badGateway);
    await c.run('odds.events', { tag: 'stocks' });
    const cooling = await c.run('odds.events', { tag: 'economy' });
    expect(cooling).toMatchObject({ status: 'UNAVAILABLE' });
    expect(pm.calls).toHaveLength(3);
    expect(c.providers.list()[0]?.state).toMatchObject({ consecutiveFailures: 3 });
    await c.close();
  });

  test('answers are cached 30 s (the block class); fresh asks again', async () => {
    const { c, clock } = client();
    await c.run('odds.events', { tag: 'fed-rates' });
    const again = await c.run('odds.events', { tag: 'fed-rates' });
    expect(again).toMatchObject({ status: 'CACHED', provenance: { fresh: false, cache: { ttlMs: 30_000 } } });
    expect(pm.count(EVENTS)).toBe(1);
    await c.run('odds.events', { tag: 'fed-rates', fresh: true });
    expect(pm.count(EVENTS)).toBe(2);
    clock.advance(30_001);
    expect(await c.run('odds.events', { tag: 'fed-rates' })).toMatchObject({ status: 'LIVE' });
    await c.close();
  });

  test('health: one request for open events, with its counts; the endpoint is shown', async () => {
    const { c } = client();
    const health = await c.providers.health();
    expect(health.sections.polymarket).toMatchObject({ status: 'LIVE', data: { openEvents: 3, markets: 6 } });
    expect(pm.calls).toEqual([{ path: '/events', query: { active: 'true', closed: 'false', limit: '10' } }]);
    expect(c.providers.list()[0]).toMatchObject({
      id: 'polymarket',
      kind: 'source',
      configured: true,
      endpoint: `${pm.origin}/events`,
      capabilities: ['odds.events'],
    });
    await c.close();
  });
});
