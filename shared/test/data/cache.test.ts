// The cache: LIVE results only, original provenance kept, CACHED with `fresh: false` and the
// `cache` member, TTLs of the table on a fake clock, `fresh: true` refetches, expired entries
// are never served, at most 500 entries in LRU order.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { CACHE_MAX_ENTRIES, createResultCache } from '../../src/data/routing/cache.js';
import type { LiveResult } from '../../src/contract/result-schema.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { UNKNOWN_TX, WALLET } from '../vendors/chain-fixtures.js';
import { fakeClock, startDoubles, type Doubles } from './doubles.js';

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

describe('cache hits and expiry', () => {
  test('a hit is CACHED with the original provenance, fresh false and the cache member', async () => {
    const clock = fakeClock();
    const c = createDataClient({ env: d.env, clock });
    const live = await c.chain.info();
    const calls = d.alchemy.calls.length;
    clock.advance(1_234);
    const hit = await c.chain.info();
    expect(d.alchemy.calls.length).toBe(calls);
    expect(resultSchema.parse(hit)).toEqual({
      status: 'CACHED',
      data: live.status === 'LIVE' ? live.data : undefined,
      provenance: {
        ...(live.status === 'LIVE' ? live.provenance : {}),
        fresh: false,
        cache: {
          key: 'robinhood:chain.info?',
          cachedAt: '2026-10-01T12:00:00.000Z',
          ageMs: 1_234,
          ttlMs: 30_000,
          expiresAt: '2026-10-01T12:00:30.000Z',
        },
      },
    });
    await c.close();
  });

  test.each([
    ['balances: 5 s', 'balance', 5_000],
    ['blocks: 30 s', 'block', 30_000],
    ['indexed explorer data: 15 s', 'counters', 15_000],
    ['bytecode: 60 s', 'code', 60_000],
  ] as const)('TTL of %s; an expired entry is never served', async (_name, what, ttl) => {
    const clock = fakeClock();
    const c = createDataClient({ env: d.env, clock });
    const call = () =>
      what === 'balance'
        ? c.onchain.balance({ address: WALLET })
        : what === 'block'
          ? c.onchain.block({ block: 'latest' })
          : what === 'code'
            ? c.onchain.code({ address: WALLET })
            : c.explorer.counters({ address: WALLET });
    expect((await call()).status).toBe('LIVE');
    clock.advance(ttl - 1);
    expect((await call()).status).toBe('CACHED');
    clock.advance(1);
    const again = await call();
    expect(again.status).toBe('LIVE');
    expect(again.status === 'LIVE' && again.provenance.expiresAt).toBe(
      new Date(clock.now() + ttl).toISOString(),
    );
    await c.close();
  });

  test('fresh: true refetches and replaces the entry', async () => {
    const c = createDataClient({ env: d.env, clock: fakeClock() });
    const first = await c.chain.info();
    const calls = d.alchemy.calls.length;
    const forced = await c.chain.info({ fresh: true });
    expect(forced.status).toBe('LIVE');
    expect(d.alchemy.calls.length).toBeGreaterThan(calls);
    expect(forced.status === 'LIVE' && first.status === 'LIVE' && forced.provenance.requestId).not.toBe(
      first.status === 'LIVE' && first.provenance.requestId,
    );
    expect((await c.chain.info()).status).toBe('CACHED');
    await c.close();
  });

  test('fallbackFrom of the original answer is kept; errors are never cached', async () => {
    const c = createDataClient({
      env: { ...d.env, ALCHEMY_API_KEY: 'badKey_0123456789' },
      clock: fakeClock(),
    });
    await c.chain.info();
    expect(await c.chain.info()).toMatchObject({
      status: 'CACHED',
      provenance: { source: 'quicknode', fallbackFrom: [{ provider: 'alchemy' }] },
    });
    await c.onchain.transaction({ hash: UNKNOWN_TX });
    const asked = d.quicknode.calls.length;
    expect(await c.onchain.transaction({ hash: UNKNOWN_TX })).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
    });
    expect(d.quicknode.calls.length).toBe(asked + 1);
    await c.close();
  });
});

describe('the LRU', () => {
  const live = (n: number): LiveResult => ({
    status: 'LIVE',
    data: n,
    provenance: {
      source: 'x',
      chain: 'robinhood',
      chainId: 4663,
      fetchedAt: '2026-10-01T12:00:00.000Z',
      fresh: true,
      requestId: String(n),
    },
  });

  test(`holds at most ${CACHE_MAX_ENTRIES} entries and drops the least recently used`, () => {
    const cache = createResultCache({ clock: fakeClock() });
    for (let i = 0; i < CACHE_MAX_ENTRIES; i++) cache.set(`k${i}`, live(i), 60_000);
    expect(cache.get('k0')?.data).toBe(0);
    cache.set('k-new', live(-1), 60_000);
    expect(cache.size).toBe(CACHE_MAX_ENTRIES);
    expect(cache.get('k0')?.data).toBe(0);
    expect(cache.get('k1')).toBeUndefined();
  });
});
