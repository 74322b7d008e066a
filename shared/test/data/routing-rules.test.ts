// The routing and fallback rules (docs/data-layer.md, "Providers and routing order"), eligibility
// states (auth_failed, chain_mismatch, unsupported, cool-down and recovery) and `fallbackFrom`,
// against the doubles. Call counts on the doubles prove which provider was asked.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { TOKEN, TX, UNKNOWN_TX, WALLET } from '../vendors/chain-fixtures.js';
import { publicRpcReplies } from '../vendors/public-rpc-server.js';
import { fakeClock, startDoubles, type Doubles } from './doubles.js';

let d: Doubles;
beforeAll(async () => {
  d = await startDoubles();
});
afterAll(() => d.close());
beforeEach(() => d.reset());

const count = (calls: string[], method: string) => calls.filter((m) => m === method).length;

function client(overrides: DataEnv = {}, clock = fakeClock()) {
  return createDataClient({ env: { ...d.env, ...overrides }, clock, timeoutMs: { explorer: 300 } });
}

describe('rule 1: skipped providers', () => {
  test('unconfigured providers are skipped without an attempt', async () => {
    const c = client({ ALCHEMY_API_KEY: undefined, ALCHEMY_RPC_URL: undefined });
    const r = await c.chain.info();
    expect(r).toMatchObject({ status: 'LIVE', provenance: { source: 'quicknode' } });
    expect(r.status === 'LIVE' && r.provenance.fallbackFrom).toBeUndefined();
    await c.close();
  });

  test('a rejected key makes the provider auth_failed: recorded once, then skipped', async () => {
    const c = client({ ALCHEMY_API_KEY: 'wrongKey_0123456789' });
    const first = await c.chain.info();
    expect(first).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'quicknode',
        fallbackFrom: [{ provider: 'alchemy', error: expect.stringMatching(/^auth_failed: key rejected/) }],
      },
    });
    const before = d.alchemy.requests;
    expect(await c.chain.info({ fresh: true })).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'quicknode' },
    });
    expect(d.alchemy.requests).toBe(before);
    expect(c.providers.list().find((p) => p.id === 'alchemy')?.state.status).toBe('auth_failed');
    await c.close();
  });

  test.each([
    ['402 without a key', `{origin}/standard/evm/4663`, undefined],
    ['401 for the wrong kind of key', `{origin}/standard/evm/4663?secret={key}`, 'project_api_key_123456'],
  ])('edge RPC: %s is auth_failed', async (_name, template, key) => {
    const env: DataEnv = {
      PKG_NET_ALLOW_PRIVATE: '1',
      EDGE_RPC_URL: template.replace('{origin}', d.edge.origin),
      PUBLIC_RPC_URL: d.env.PUBLIC_RPC_URL,
      ...(key ? { EDGE_RPC_KEY: key } : {}),
    };
    const c = createDataClient({ env, clock: fakeClock() });
    const r = await c.chain.info();
    expect(r).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'public-rpc',
        fallbackFrom: [{ provider: 'edge-rpc', error: expect.stringMatching(/^auth_failed: /) }],
      },
    });
    expect(c.providers.list().find((p) => p.id === 'edge-rpc')?.state.status).toBe('auth_failed');
    await c.close();
  });

  test('eth_chainId is checked once before first use; another id is chain_mismatch, never used again', async () => {
    d.alchemy.chainId = 1;
    const c = client();
    const r = await c.onchain.balance({ address: WALLET });
    expect(r).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'quicknode',
        fallbackFrom: [{ provider: 'alchemy', error: 'chain_mismatch: reported chain id 1, expected 4663' }],
      },
    });
    await c.onchain.nonce({ address: WALLET });
    expect(d.alchemy.calls).toEqual(['eth_chainId']);
    expect(count(d.quicknode.calls, 'eth_chainId')).toBe(1);
    await c.close();
  });

  test('every provider on another chain: ERROR CHAIN_MISMATCH', async () => {
    for (const rpc of [d.alchemy, d.quicknode, d.edge, d.publicRpc]) rpc.chainId = 46630;
    const c = client();
    expect(await c.chain.info()).toMatchObject({
      status: 'ERROR',
      code: 'CHAIN_MISMATCH',
      attemptedProviders: [
        { provider: 'alchemy' },
        { provider: 'quicknode' },
        { provider: 'edge-rpc' },
        { provider: 'public-rpc' },
      ],
    });
    await c.close();
  });

  test('three consecutive failures: 30 s cool-down, then the provider is tried again', async () => {
    const clock = fakeClock();
    const c = client({}, clock);
    await c.chain.info();
    d.alchemy.failAll = {
      status: 503,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: 'Unable to complete request at this time.' },
      },
    };
    for (let i = 0; i < 3; i++) {
      const r = await c.chain.info({ fresh: true });
      expect(r).toMatchObject({
        status: 'LIVE',
        provenance: { source: 'quicknode', fallbackFrom: [{ provider: 'alchemy' }] },
      });
    }
    const asked = d.alchemy.requests;
    const cooling = await c.chain.info({ fresh: true });
    expect(cooling.status === 'LIVE' && cooling.provenance.fallbackFrom).toBeUndefined();
    expect(d.alchemy.requests).toBe(asked);
    expect(c.providers.list().find((p) => p.id === 'alchemy')?.state).toMatchObject({
      status: 'cooling_down',
      consecutiveFailures: 3,
    });
    d.alchemy.failAll = undefined;
    clock.advance(29_999);
    await c.chain.info({ fresh: true });
    expect(d.alchemy.requests).toBe(asked);
    clock.advance(1);
    expect(await c.chain.info({ fresh: true })).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'alchemy' },
    });
    await c.close();
  });
});

describe('rules 2-6', () => {
  test('rule 2: fallbackFrom lists every failure before the serving provider, in order', async () => {
    d.alchemy.failAll = publicRpcReplies.serverError;
    d.quicknode.failAll = {
      status: 429,
      body: {
        jsonrpc: '2.0',
        error: {
          code: 429,
          message: 'The requests per second (RPS) of your requests are higher than your plan allows.',
        },
        id: 1,
      },
    };
    d.edge.failAll = publicRpcReplies.interstitial;
    const c = client();
    const r = await c.chain.info();
    expect(r).toMatchObject({ status: 'LIVE', provenance: { source: 'public-rpc' } });
    expect(r.status === 'LIVE' && r.provenance.fallbackFrom).toEqual([
      { provider: 'alchemy', error: 'eth_chainId: HTTP 503' },
      {
        provider: 'quicknode',
        error: expect.stringMatching(/^rate_limited: eth_chainId: The requests per second/),
      },
      { provider: 'edge-rpc', error: 'eth_chainId: non-JSON response (HTTP 200)' },
    ]);
    await c.close();
  });

  test('every provider failing: ERROR ALL_PROVIDERS_FAILED naming each; all rate limited: RATE_LIMITED', async () => {
    for (const rpc of [d.alchemy, d.quicknode, d.edge, d.publicRpc])
      rpc.failAll = publicRpcReplies.rateLimited;
    const c = client();
    expect(await c.chain.info()).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    d.publicRpc.failAll = publicRpcReplies.rateLimitedString;
    d.edge.failAll = publicRpcReplies.serverError;
    const r = await c.chain.info({ fresh: true });
    expect(r).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(r.status === 'ERROR' && r.attemptedProviders.map((a) => a.provider)).toEqual([
      'alchemy',
      'quicknode',
      'edge-rpc',
      'public-rpc',
    ]);
    await c.close();
  });

  test('rule 3: a refused method marks the provider unsupported for that capability only', async () => {
    const c = client();
    const first = await c.onchain.trace({ hash: TX });
    expect(first).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'quicknode',
        fallbackFrom: [
          { provider: 'alchemy', error: expect.stringContaining('not available on the Free tier') },
        ],
      },
    });
    await c.onchain.trace({ hash: TX, fresh: true });
    expect(count(d.alchemy.calls, 'debug_traceTransaction')).toBe(1);
    expect(await c.chain.info()).toMatchObject({ provenance: { source: 'alchemy' } });
    expect(c.providers.list().find((p) => p.id === 'alchemy')?.state.unsupported).toEqual(['onchain.trace']);
    await c.close();
  });

  test('rule 4: not found is ERROR NOT_FOUND without fallback', async () => {
    const c = client();
    expect(await c.onchain.transaction({ hash: UNKNOWN_TX })).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
      attemptedProviders: [{ provider: 'alchemy' }],
    });
    expect(count(d.quicknode.calls, 'eth_getTransactionByHash')).toBe(0);
    await c.close();
  });

  test('rule 5: no data moves on, recorded as "no data: ..."; none with data is UNAVAILABLE naming each answer', async () => {
    const c = client({ QUICKNODE_RPC_URL: undefined, EDGE_RPC_KEY: undefined });
    await c.chain.info();
    d.alchemy.failNext.push({
      status: 200,
      body: { jsonrpc: '2.0', id: 2, result: { name: null, symbol: null, decimals: null, logo: null } },
    });
    const served = await c.tokens.metadata({ token: TOKEN });
    expect(served).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'blockscout',
        fallbackFrom: [{ provider: 'alchemy', error: expect.stringMatching(/^no data: /) }],
      },
    });
    const none = await c.tokens.metadata({ token: WALLET });
    expect(none).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      network: 'robinhood',
    });
    expect(
      none.status === 'UNAVAILABLE' && none.answers?.map((a) => [a.provider, a.error.slice(0, 9)]),
    ).toEqual([
      ['alchemy', 'no data: '],
      ['blockscout', 'no data: '],
      ['quicknode', 'not confi'],
      ['edge-rpc', 'not confi'],
      ['public-rpc', 'no data: '],
    ]);
    await c.close();
  });

  test('rule 6: a request refused as such (execution reverted) is PROVIDER_ERROR without fallback', async () => {
    const c = client();
    const r = await c.onchain.call({ to: TOKEN, data: '0xdeadbeef' });
    expect(r).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [{ provider: 'alchemy', error: expect.stringContaining('execution reverted') }],
    });
    expect(count(d.quicknode.calls, 'eth_call')).toBe(0);
    await c.close();
  });

  test('no configured provider for the capability: UNAVAILABLE CAPABILITY_UNAVAILABLE', async () => {
    const c = client({ BLOCKSCOUT_API_KEY: undefined, BLOCKSCOUT_BASE_URL: undefined });
    expect(await c.explorer.counters({ address: WALLET })).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      provider: 'blockscout',
      answers: [{ provider: 'blockscout', error: 'not configured (BLOCKSCOUT_API_KEY)' }],
    });
    await c.close();
  });

  test('invalid input is ERROR INVALID_INPUT before any provider is asked', async () => {
    const c = client();
    expect(await c.onchain.balance({ address: '0x123' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
      attemptedProviders: [],
    });
    expect(await c.onchain.logs({ address: TOKEN, fromBlock: '10', toBlock: '9' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(d.alchemy.calls.filter((m) => m !== 'eth_chainId')).toEqual([]);
    await c.close();
  });
});

describe('explorer: slow calls, 5xx and the one retry', () => {
  test('a 5xx is retried once and then served', async () => {
    d.blockscout.failNext.push({ status: 502, body: null, raw: '<html>502 Bad Gateway</html>' });
    const c = client();
    expect(await c.explorer.counters({ address: WALLET })).toMatchObject({ status: 'LIVE' });
    expect(d.blockscout.paths).toHaveLength(2);
    await c.close();
  });

  test('a call slower than the time-out fails after exactly one retry', async () => {
    let release = () => undefined as void;
    d.blockscout.stall = new Promise<void>((resolve) => {
      release = resolve;
    });
    const c = client();
    const r = await c.explorer.counters({ address: WALLET });
    expect(r).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'blockscout', error: 'timed out after 0.3 s' }],
    });
    expect(d.blockscout.paths).toHaveLength(2);
    release();
    d.blockscout.stall = undefined;
    await c.close();
  });
});
