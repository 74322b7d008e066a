// The Graph gateway, the subgraph provider, through the real client against its double: the
// caller's subgraph id, query, variables and operationName POSTed with the key as a bearer token
// (never in a URL), GraphQL `data` answered as returned, every documented HTTP-200-with-errors
// answer mapped (auth → auth_failed, bad indexers → one retry, the rest PROVIDER_ERROR with the
// vendor's message), partial and null answers refused, HTTP statuses, the 15 s cache, and no key
// anywhere in a result.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { thegraphDescriptor } from '../../src/data/providers/thegraph/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import {
  startThegraphServer,
  THEGRAPH_SUBGRAPH,
  THEGRAPH_UNALLOCATED_SUBGRAPH,
  THEGRAPH_UNKNOWN_SUBGRAPH,
  type ThegraphDouble,
} from '../vendors/thegraph-server.js';
import { fakeClock } from './doubles.js';

const KEY = '0123456789abcdef0123456789abcdef';
const UNKNOWN_KEY = 'fedcba9876543210fedcba9876543210';
const MALFORMED_KEY = 'server_0123456789abcdefTOKENAPI';
const POOLS_QUERY = 'query Pools($first: Int!) { pools(first: $first) { id feeTier tick } }';

let g: ThegraphDouble;
beforeAll(async () => {
  g = await startThegraphServer(KEY);
});
afterAll(() => g.close());
beforeEach(() => g.reset());

/** A client on the double; `null`: no THEGRAPH_API_KEY at all. */
function client(key: string | null = KEY) {
  const clock = fakeClock();
  const c = createDataClient({
    env: {
      THEGRAPH_BASE_URL: g.origin,
      ...(key ? { THEGRAPH_API_KEY: key } : {}),
      PKG_NET_ALLOW_PRIVATE: '1',
    },
    providers: [thegraphDescriptor],
    clock,
    throttles: createThrottleRegistry(),
  });
  return Object.assign(c, { clock });
}

/** The key appears nowhere in what the layer returned nor in any URL the double saw. */
function expectNoSecret(value: unknown, key = KEY) {
  expect(JSON.stringify(value)).not.toContain(key);
  for (const call of g.calls) expect(call.path).not.toContain(key);
}

const state = (c: ReturnType<typeof client>) => c.providers.list().find((p) => p.id === 'thegraph')?.state;

describe('thegraph', () => {
  test('a live answer: GraphQL data as returned (nulls kept), provenance thegraph / global, bearer key, JSON POST with a User-Agent', async () => {
    const c = client();
    const result = await c.subgraph.query({
      subgraphId: THEGRAPH_SUBGRAPH,
      query: POOLS_QUERY,
      variables: { first: 2 },
      operationName: 'Pools',
    });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'thegraph', chain: 'global', fresh: true },
    });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('chainId');
    const data = result.status === 'LIVE' ? (result.data as { pools: Record<string, unknown>[] }) : undefined;
    expect(data?.pools).toHaveLength(2);
    expect(data?.pools[0]).toMatchObject({
      id: '0x5555555555555555555555555555555555555555',
      feeTier: '3000',
      liquidity: '1234567890123456789',
      totalValueLockedUSD: '1520340.125',
      token0: { id: '0x2222222222222222222222222222222222222222', symbol: 'AAA', decimals: '18' },
    });
    // A null the subgraph returned is a value of GraphQL's answer and stays as sent.
    expect(data?.pools[1]).toHaveProperty('tick', null);
    expect(g.calls).toHaveLength(1);
    const call = g.calls[0];
    expect(call).toMatchObject({
      method: 'POST',
      path: `/api/subgraphs/id/${THEGRAPH_SUBGRAPH}`,
      authorization: `Bearer ${KEY}`,
      contentType: 'application/json',
    });
    expect(call?.userAgent).toMatch(/\S/);
    expect(call?.body).toEqual({ query: POOLS_QUERY, variables: { first: 2 }, operationName: 'Pools' });
    expectNoSecret(result);
    await c.close();
  });

  test('variables and operationName reach the gateway; neither is sent when not given', async () => {
    const c = client();
    const one = await c.subgraph.query({
      subgraphId: THEGRAPH_SUBGRAPH,
      query: POOLS_QUERY,
      variables: { first: 1 },
      operationName: 'Pools',
    });
    expect(one.status === 'LIVE' && (one.data as { pools: unknown[] }).pools).toHaveLength(1);
    expect(g.calls[0]?.body).toEqual({ query: POOLS_QUERY, variables: { first: 1 }, operationName: 'Pools' });
    const plain = await c.subgraph.query({
      subgraphId: THEGRAPH_SUBGRAPH,
      query: '{ tokens { id symbol } }',
    });
    expect(plain).toMatchObject({ status: 'LIVE', data: { tokens: [{ symbol: 'AAA' }, { symbol: 'BBB' }] } });
    expect(g.calls[1]?.body).toEqual({ query: '{ tokens { id symbol } }' });
    await c.close();
  });

  test('results are cached 15 s (TTL class indexed): the second identical call is CACHED, without a request', async () => {
    const c = client();
    const params = { subgraphId: THEGRAPH_SUBGRAPH, query: POOLS_QUERY, variables: { first: 2 } };
    expect((await c.subgraph.query(params)).status).toBe('LIVE');
    const second = await c.subgraph.query(params);
    expect(second).toMatchObject({
      status: 'CACHED',
      provenance: { source: 'thegraph', cache: { ttlMs: 15_000 } },
    });
    expect(g.calls).toHaveLength(1);
    // Other variables are another query.
    expect((await c.subgraph.query({ ...params, variables: { first: 1 } })).status).toBe('LIVE');
    expect(g.calls).toHaveLength(2);
    c.clock.advance(15_000);
    expect((await c.subgraph.query(params)).status).toBe('LIVE');
    expect(g.calls).toHaveLength(3);
    await c.close();
  });

  test('an invalid subgraph id is INVALID_INPUT with zero requests', async () => {
    const c = client();
    for (const subgraphId of ['not-a-subgraph', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', '', 'abc']) {
      const result = await c.subgraph.query({ subgraphId, query: '{ pools { id } }' });
      expect(result).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    }
    expect(g.requests).toBe(0);
    await c.close();
  });

  test('no key: UNAVAILABLE naming THEGRAPH_API_KEY, zero requests; health says not configured', async () => {
    const c = client(null);
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result.status).toBe('UNAVAILABLE');
    expect(JSON.stringify(result)).toContain('THEGRAPH_API_KEY');
    expect(c.providers.list()[0]).toMatchObject({
      id: 'thegraph',
      configured: false,
      reason: 'not configured (THEGRAPH_API_KEY)',
    });
    expect(g.requests).toBe(0);
    await c.close();
  });

  test('an unknown key (`auth error: API key not found`): the provider becomes auth_failed and is not asked again', async () => {
    const c = client(UNKNOWN_KEY);
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toContain('auth error: API key not found');
    expect(state(c)).toMatchObject({ status: 'auth_failed' });
    expect(g.calls).toHaveLength(1);
    const again = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ tokens { id } }' });
    expect(again.status).toBe('UNAVAILABLE');
    expect(g.calls).toHaveLength(1);
    expectNoSecret([result, again, c.providers.list()], UNKNOWN_KEY);
    await c.close();
  });

  test('a malformed key (`auth error: malformed API key`): auth_failed, the key never shown', async () => {
    const c = client(MALFORMED_KEY);
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toContain('auth error: malformed API key');
    expect(state(c)).toMatchObject({ status: 'auth_failed' });
    expect(g.calls[0]?.authorization).toBe(`Bearer ${MALFORMED_KEY}`);
    expectNoSecret(result, MALFORMED_KEY);
    await c.close();
  });

  test('a missing Authorization header (`auth error: missing authorization header`) is auth_failed', async () => {
    const c = client();
    // What the gateway answers to a request that lost its header on the way.
    g.failNext.push({
      status: 200,
      body: { errors: [{ message: 'auth error: missing authorization header' }] },
    });
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toContain('auth error: missing authorization header');
    expect(state(c)).toMatchObject({ status: 'auth_failed' });
    expectNoSecret(result);
    await c.close();
  });

  test('the billing refusals of a valid key are RATE_LIMITED, not auth_failed', async () => {
    const c = client();
    g.failNext.push({
      status: 200,
      body: {
        errors: [{ message: 'auth error: payment required for subsequent requests for this API key' }],
      },
    });
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(JSON.stringify(result)).toContain('payment required');
    expect(state(c)).toMatchObject({ status: 'eligible' });
    expect(g.calls).toHaveLength(1);
    await c.close();
  });

  test('a key not authorized for this subgraph is PROVIDER_ERROR for this request only, not auth_failed', async () => {
    const c = client();
    g.failNext.push({
      status: 200,
      body: { errors: [{ message: 'auth error: subgraph not authorized by user' }] },
    });
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain('subgraph not authorized by user');
    expect(state(c)).toMatchObject({ status: 'eligible' });
    await c.close();
  });

  test('an unknown subgraph (`subgraph not found: <id>`) is PROVIDER_ERROR with the message, no retry', async () => {
    const c = client();
    const result = await c.subgraph.query({
      subgraphId: THEGRAPH_UNKNOWN_SUBGRAPH,
      query: '{ pools { id } }',
    });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain(
      `subgraph not found: ${THEGRAPH_UNKNOWN_SUBGRAPH}`,
    );
    expect(g.calls).toHaveLength(1);
    expect(state(c)).toMatchObject({ status: 'eligible' });
    expectNoSecret(result);
    await c.close();
  });

  test('no allocations (`subgraph not found: no allocations`) is PROVIDER_ERROR with the message', async () => {
    const c = client();
    const result = await c.subgraph.query({
      subgraphId: THEGRAPH_UNALLOCATED_SUBGRAPH,
      query: '{ pools { id } }',
    });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain('subgraph not found: no allocations');
    expect(g.calls).toHaveLength(1);
    await c.close();
  });

  test("a query invalid for the schema is PROVIDER_ERROR with graph-node's message", async () => {
    const c = client();
    const result = await c.subgraph.query({
      subgraphId: THEGRAPH_SUBGRAPH,
      query: '{ tokens { id volumeUSD } }',
    });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain('Type `Token` has no field `volumeUSD`');
    expect(g.calls).toHaveLength(1);
    await c.close();
  });

  test('bad indexers: a transient failure, retried once; the retry may succeed', async () => {
    const c = client();
    g.badIndexers = 1;
    const result = await c.subgraph.query({
      subgraphId: THEGRAPH_SUBGRAPH,
      query: POOLS_QUERY,
      variables: { first: 1 },
    });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'thegraph' } });
    expect(g.calls).toHaveLength(2);
    await c.close();
  });

  test("bad indexers twice: ALL_PROVIDERS_FAILED after one retry, with the gateway's message", async () => {
    const c = client();
    g.badIndexers = 2;
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toContain('bad indexers: {0x7777');
    expect(JSON.stringify(result)).toContain('Unavailable(too far behind)');
    expect(g.calls).toHaveLength(2);
    expect(state(c)).toMatchObject({ status: 'eligible', consecutiveFailures: 1 });
    await c.close();
  });

  test('a partial answer (data and errors) is PROVIDER_ERROR, never passed as complete', async () => {
    const c = client();
    g.partial = true;
    const result = await c.subgraph.query({
      subgraphId: THEGRAPH_SUBGRAPH,
      query: '{ pools { id } tokens { id } }',
    });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain('Store error: query timed out');
    expect(result).not.toHaveProperty('data');
    await c.close();
  });

  test('`data: null` with no errors is a failure, not an empty result', async () => {
    const c = client();
    g.nullData = true;
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(result)).toContain('no data and no errors');
    expect(g.calls).toHaveLength(1);
    await c.close();
  });

  test('HTTP 401 and 403 are auth_failed', async () => {
    for (const status of [401, 403]) {
      g.reset();
      const c = client();
      g.failNext.push({ status, body: { errors: [{ message: 'Unauthorized' }] } });
      const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
      expect(result).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
      expect(JSON.stringify(result)).toContain(`HTTP ${status}`);
      expect(state(c)).toMatchObject({ status: 'auth_failed' });
      expectNoSecret(result);
      await c.close();
    }
  });

  test('a Cloudflare 403 (`error code: 1010`) is a refusal, not a rejected key', async () => {
    const c = client();
    g.failNext.push({ status: 403, raw: 'error code: 1010', headers: { 'content-type': 'text/plain' } });
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toContain('Cloudflare');
    expect(state(c)).toMatchObject({ status: 'eligible' });
    await c.close();
  });

  test('HTTP 429 is RATE_LIMITED with no retry', async () => {
    const c = client();
    g.failNext.push({
      status: 429,
      body: { errors: [{ message: 'Too many requests' }] },
      headers: { 'retry-after': '30' },
    });
    const result = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    expect(JSON.stringify(result)).toContain('Too many requests');
    expect(g.calls).toHaveLength(1);
    await c.close();
  });

  test('5xx: a transient failure retried once; the retry may succeed', async () => {
    const c = client();
    g.failNext.push({ status: 502, raw: '<html>Bad Gateway</html>' });
    const ok = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(ok.status).toBe('LIVE');
    expect(g.calls).toHaveLength(2);
    g.reset();
    g.failNext.push(
      { status: 503, raw: 'unavailable' },
      { status: 500, body: { errors: [{ message: 'oops' }] } },
    );
    const failed = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ tokens { id } }' });
    expect(failed).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(failed)).toContain('HTTP 500 oops');
    expect(g.calls).toHaveLength(2);
    await c.close();
  });

  test('another 4xx is PROVIDER_ERROR; a non-JSON 200 is a failure', async () => {
    const c = client();
    g.failNext.push({ status: 400, body: { errors: [{ message: 'bad query: expected value' }] } });
    const refused = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ pools { id } }' });
    expect(refused).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(refused.status === 'ERROR' && refused.message).toContain('HTTP 400 bad query: expected value');
    g.failNext.push({ status: 200, raw: '<html>maintenance</html>' });
    const html = await c.subgraph.query({ subgraphId: THEGRAPH_SUBGRAPH, query: '{ tokens { id } }' });
    expect(html).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(html)).toContain('non-JSON response (HTTP 200)');
    expect(g.calls).toHaveLength(2);
    await c.close();
  });

  test('the endpoint is shown as a template; health makes no request and says the key is unchecked', async () => {
    const c = client();
    const [listing] = c.providers.list();
    expect(listing).toMatchObject({
      id: 'thegraph',
      kind: 'subgraph',
      role: 'subgraph gateway',
      configured: true,
      capabilities: ['subgraph.query'],
    });
    expect(listing?.endpoint).toContain('/api/subgraphs/id/{subgraphId}');
    expect(listing?.endpoint).toContain('Bearer {key}');
    const health = await c.providers.health();
    expect(health.sections.thegraph).toMatchObject({
      status: 'LIVE',
      data: { configured: true, keyChecked: false },
    });
    expect(g.requests).toBe(0);
    expectNoSecret([c.providers.list(), health]);
    await c.close();
  });
});
