// Single flight (docs/data-layer.md, "Cache"), through the real client against the DexScreener and
// OpenRouter doubles: while a cacheable request is in flight, identical requests join it and get
// its envelope (LIVE, the same requestId: one upstream request); a failed flight is shared with its
// joiners and not kept, so the next request goes upstream again; different parameters are separate
// flights; `fresh: true` neither joins a flight nor is joined; AI completions are never coalesced.
// The DexScreener budget is held (an injected throttle registry) so that the flight is still in
// flight when the joiners arrive.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry, type ThrottleRegistry } from '../../src/data/net/throttle.js';
import { dexscreenerDescriptor } from '../../src/data/providers/dexscreener/descriptor.js';
import { openrouterDescriptor } from '../../src/data/providers/openrouter/descriptor.js';
import type { Result } from '../../src/contract/result-schema.js';
import { startDexscreenerServer, type DexscreenerDouble } from '../vendors/dexscreener-server.js';
import {
  OPENROUTER_MODEL,
  OR_COMPLETIONS,
  OR_MODELS,
  startOpenrouterServer,
  type OpenrouterDouble,
} from '../vendors/openrouter-server.js';
import { fakeClock } from './doubles.js';

const OR_KEY = 'sk-or-v1-0123456789abcdef0123456789abcdefSECRET';

let dex: DexscreenerDouble;
let or: OpenrouterDouble;
beforeAll(async () => {
  [dex, or] = await Promise.all([startDexscreenerServer(), startOpenrouterServer(OR_KEY)]);
});
afterAll(() => Promise.all([dex.close(), or.close()]));
beforeEach(() => {
  dex.reset();
  or.reset();
});

const clients: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/**
 * A budget that holds every request that reaches it until `release()`: a request held there has
 * passed the router and is in flight, and nothing is sent upstream yet.
 */
function heldBudget() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let onFirst: () => void = () => undefined;
  const budget = {
    /** Requests that reached the budget (passed the router). */
    reached: 0,
    /** Resolves when the first request reaches the budget. */
    first: new Promise<void>((resolve) => {
      onFirst = resolve;
    }),
    release: () => open(),
    throttles: ((_provider, perWindow) => ({
      perWindow,
      admit: async () => {
        budget.reached += 1;
        onFirst();
        await gate;
        return 0;
      },
    })) as ThrottleRegistry,
  };
  return budget;
}

function dexClient(throttles: ThrottleRegistry = createThrottleRegistry()) {
  const c = createDataClient({
    env: { DEXSCREENER_BASE_URL: dex.baseUrl, PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [dexscreenerDescriptor],
    clock: fakeClock(),
    throttles,
  });
  clients.push(c);
  return c;
}

/** Lets every pending callback of this turn run (no timer: a check-phase callback). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const requestIdOf = (r: Result) =>
  r.status === 'LIVE' || r.status === 'CACHED' ? r.provenance.requestId : r;

describe('single flight', () => {
  test('20 identical requests while one is in flight: one upstream request, 20 equal LIVE answers', async () => {
    const budget = heldBudget();
    const c = dexClient(budget.throttles);
    const leader = c.market.search({ query: 'EXM' });
    await budget.first;
    const joiners = Array.from({ length: 19 }, () => c.market.search({ query: 'EXM' }));
    await settle();
    expect(budget.reached).toBe(1);
    expect(dex.counts.search).toBe(0);
    budget.release();
    const answers = await Promise.all([leader, ...joiners]);
    expect(dex.counts.search).toBe(1);
    // The joiners' answer was fetched while they waited: LIVE, the leader's envelope as it is.
    const [first] = answers;
    expect(first).toMatchObject({ status: 'LIVE', provenance: { source: 'dexscreener', fresh: true } });
    for (const answer of answers) expect(answer).toEqual(first);
    expect(new Set(answers.map(requestIdOf)).size).toBe(1);
    // Settled: the flight is gone and the result is in the cache.
    expect(await c.market.search({ query: 'EXM' })).toMatchObject({
      status: 'CACHED',
      provenance: { requestId: requestIdOf(first), fresh: false },
    });
    expect(dex.counts.search).toBe(1);
  });

  test('a failing flight: every joiner gets its error, nothing is kept, the next request goes upstream', async () => {
    const budget = heldBudget();
    const c = dexClient(budget.throttles);
    dex.failNext.push({ status: 503, raw: '<html>Service Unavailable</html>' });
    const leader = c.market.search({ query: 'EXM' });
    await budget.first;
    const joiners = Array.from({ length: 19 }, () => c.market.search({ query: 'EXM' }));
    budget.release();
    const answers = await Promise.all([leader, ...joiners]);
    expect(dex.counts.search).toBe(1);
    const [first] = answers;
    expect(first).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'dexscreener', error: expect.stringContaining('HTTP 503') }],
    });
    for (const answer of answers) expect(answer).toEqual(first);
    const next = await c.market.search({ query: 'EXM' });
    expect(next).toMatchObject({ status: 'LIVE', provenance: { source: 'dexscreener' } });
    expect(dex.counts.search).toBe(2);
  });

  test('different parameters are different flights', async () => {
    const c = dexClient();
    const asks = [{ query: 'EXM' }, { query: 'WETH' }, { query: 'EXM', network: 'robinhood' }] as const;
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => c.market.search(asks[i % asks.length] ?? { query: 'EXM' })),
    );
    expect(answers.every((a) => a.status === 'LIVE')).toBe(true);
    expect(dex.counts.search).toBe(3);
    expect([...dex.paths].sort()).toEqual([
      '/latest/dex/search?q=EXM',
      '/latest/dex/search?q=EXM',
      '/latest/dex/search?q=WETH',
    ]);
    expect(new Set(answers.map(requestIdOf)).size).toBe(3);
  });

  test('fresh: true does not join a flight in progress', async () => {
    const budget = heldBudget();
    const c = dexClient(budget.throttles);
    const leader = c.market.search({ query: 'EXM' });
    await budget.first;
    const fresh = c.market.search({ query: 'EXM', fresh: true });
    const joiner = c.market.search({ query: 'EXM' });
    await settle();
    expect(budget.reached).toBe(2);
    budget.release();
    const [l, f, j] = await Promise.all([leader, fresh, joiner]);
    expect(dex.counts.search).toBe(2);
    expect([l.status, f.status, j.status]).toEqual(['LIVE', 'LIVE', 'LIVE']);
    expect(requestIdOf(j)).toBe(requestIdOf(l));
    expect(requestIdOf(f)).not.toBe(requestIdOf(l));
  });

  test('a fresh: true request in flight is not joined', async () => {
    const budget = heldBudget();
    const c = dexClient(budget.throttles);
    const fresh = c.market.search({ query: 'EXM', fresh: true });
    await budget.first;
    const plain = c.market.search({ query: 'EXM' });
    await settle();
    expect(budget.reached).toBe(2);
    budget.release();
    const [f, p] = await Promise.all([fresh, plain]);
    expect(dex.counts.search).toBe(2);
    expect(requestIdOf(p)).not.toBe(requestIdOf(f));
  });
});

describe('AI', () => {
  function aiClient() {
    const c = createDataClient({
      env: {
        OPENROUTER_BASE_URL: or.baseUrl,
        OPENROUTER_API_KEY: OR_KEY,
        AI_DEFAULT_MODEL: OPENROUTER_MODEL,
        PKG_NET_ALLOW_PRIVATE: '1',
      },
      providers: [openrouterDescriptor],
      clock: fakeClock(),
      throttles: createThrottleRegistry(),
    });
    clients.push(c);
    return c;
  }
  const ASK = {
    messages: [{ role: 'user' as const, content: 'Is this pool safe to trade?' }],
    maxTokens: 256,
  };

  test('identical completions at the same time are not coalesced: one request each', async () => {
    const c = aiClient();
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.ai.generate(ASK)));
    expect(answers.map((a) => a.status)).toEqual(['LIVE', 'LIVE', 'LIVE', 'LIVE', 'LIVE']);
    expect(or.count(OR_COMPLETIONS)).toBe(5);
    expect(new Set(answers.map(requestIdOf)).size).toBe(5);
  });

  test('the model list (cached 10 minutes) is: one request for 5 at the same time', async () => {
    const c = aiClient();
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.ai.models()));
    expect(answers.map((a) => a.status)).toEqual(['LIVE', 'LIVE', 'LIVE', 'LIVE', 'LIVE']);
    expect(or.count(OR_MODELS)).toBe(1);
  });
});
