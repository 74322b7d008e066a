// The data client's observer (docs/data-layer.md, "Observing the client"), against the DEX Screener
// double: a cache lookup for each cacheable request, a provider call with its outcome (live,
// cached, rate_limited) and duration, a wait for the request budget, and an observer that throws
// changes no answer.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import {
  createThrottle,
  createThrottleRegistry,
  type ThrottleRegistry,
} from '../../src/data/net/throttle.js';
import { dexscreenerDescriptor } from '../../src/data/providers/dexscreener/descriptor.js';
import type { DataObserver } from '../../src/data/routing/observer.js';
import { startDexscreenerServer, type DexscreenerDouble } from '../vendors/dexscreener-server.js';

let dex: DexscreenerDouble;
beforeAll(async () => {
  dex = await startDexscreenerServer();
});
afterAll(() => dex.close());
beforeEach(() => dex.reset());

const clients: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

type Event = [string, ...unknown[]];

function observed(throttles: ThrottleRegistry = createThrottleRegistry(), throwing = false) {
  const events: Event[] = [];
  const record =
    (hook: string) =>
    (...args: unknown[]) => {
      events.push([hook, ...args]);
      if (throwing) throw new Error('observer failed');
    };
  const observer: DataObserver = {
    cacheLookup: record('cacheLookup'),
    providerCall: record('providerCall'),
    throttleWait: record('throttleWait'),
  };
  const client = createDataClient({
    env: { DEXSCREENER_BASE_URL: dex.baseUrl, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [dexscreenerDescriptor],
    throttles,
    observer,
  });
  clients.push(client);
  return { client, events };
}

describe('the data client tells its observer', () => {
  test('a miss and a live call, then a hit and a cached answer', async () => {
    const { client, events } = observed();
    expect(await client.market.search({ query: 'EXM' })).toMatchObject({ status: 'LIVE' });
    expect(await client.market.search({ query: 'EXM' })).toMatchObject({ status: 'CACHED' });
    expect(events.map(([hook, ...args]) => [hook, ...args.slice(0, 2)])).toEqual([
      ['cacheLookup', false],
      ['providerCall', 'dexscreener', 'live'],
      ['cacheLookup', true],
      ['providerCall', 'dexscreener', 'cached'],
    ]);
    const live = events[1] ?? [];
    expect(live[3]).toBeGreaterThan(0);
    expect(events[3]).toHaveLength(3); // nothing sent upstream: no duration
  });

  test('a rate-limited call', async () => {
    const { client, events } = observed();
    dex.rateLimited = true;
    expect(await client.market.search({ query: 'EXM', fresh: true })).toMatchObject({ status: 'ERROR' });
    expect(events).toContainEqual(['providerCall', 'dexscreener', 'rate_limited', expect.any(Number)]);
  });

  test('a wait for the request budget, with its seconds', async () => {
    // A budget of one request per 200 ms: the second request waits for the next window.
    const throttles: ThrottleRegistry = (provider) => createThrottle(provider, 1, 200);
    const { client, events } = observed(throttles);
    await client.market.search({ query: 'EXM', fresh: true });
    await client.market.search({ query: 'EXM', fresh: true });
    const waits = events.filter(([hook]) => hook === 'throttleWait');
    expect(waits).toEqual([['throttleWait', 'dexscreener', expect.any(Number)]]);
    expect(waits[0]?.[2]).toBeGreaterThan(0);
  });

  test('an observer that throws changes no answer', async () => {
    const { client, events } = observed(createThrottleRegistry(), true);
    expect(await client.market.search({ query: 'EXM' })).toMatchObject({ status: 'LIVE' });
    expect(await client.market.search({ query: 'EXM' })).toMatchObject({ status: 'CACHED' });
    expect(events.length).toBe(4);
  });
});
