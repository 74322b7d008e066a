// Codex, the ranking provider for all tokens on the chain, through the real client against its
// double: filterTokens on network 4663 with one ranking, the raw `Authorization: <key>` header,
// absent members, offset ranks, no data for an unindexed network, the key rejected as HTTP 401
// and as a GraphQL error in a 200 answer, 429, refusals, failures, health, and no key anywhere.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CODEX_CAPABILITIES } from '../../src/data/capabilities/codex.js';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { codexDescriptor } from '../../src/data/providers/codex/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { CODEX_PAIR, CODEX_TOKENS, startCodexServer, type CodexDouble } from '../vendors/codex-server.js';
import { fakeClock } from './doubles.js';

const KEY = 'cdx_0123456789abcdef0123456789SECRET';
const WRONG_KEY = 'cdx_wrong_0123456789abcdefWRONG';

let d: CodexDouble;
beforeAll(async () => {
  d = await startCodexServer(KEY);
});
afterAll(() => d.close());
beforeEach(() => d.reset());

/** A client on the double; `null`: no CODEX_API_KEY at all. */
function client(key: string | null = KEY) {
  return createDataClient({
    env: { CODEX_BASE_URL: d.origin, ...(key ? { CODEX_API_KEY: key } : {}), PKG_NET_ALLOW_PRIVATE: '1' },
    providers: [codexDescriptor],
    capabilities: [...CODEX_CAPABILITIES],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
}

function expectNoSecret(value: unknown, key = KEY) {
  expect(JSON.stringify(value)).not.toContain(key);
}

type Ranking = {
  network: string;
  networkId: number;
  rankBy: string;
  direction: string;
  tokens: Record<string, unknown>[];
};
const rankingOf = (result: { status: string; data?: unknown }) =>
  (result.status === 'LIVE' || result.status === 'CACHED' ? result.data : undefined) as Ranking;

describe('codex', () => {
  test('rankings.tokens: by 24 h volume on network 4663, the key as the raw Authorization header, chain provenance', async () => {
    const c = client();
    const result = await c.run('rankings.tokens', {});
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'codex', chain: 'robinhood', chainId: 4663, fresh: true },
    });
    const ranking = rankingOf(result);
    expect(ranking).toMatchObject({
      network: 'robinhood',
      networkId: 4663,
      rankBy: 'volume24',
      direction: 'desc',
    });
    expect(ranking.tokens.map((t) => [t.rank, t.symbol])).toEqual([
      [1, 'AAA'],
      [2, 'DDD'],
      [3, 'BBB'],
      [4, 'CCC'],
    ]);
    expect(ranking.tokens[0]).toEqual({
      rank: 1,
      address: CODEX_TOKENS.aaa,
      name: 'Alpha Token',
      symbol: 'AAA',
      decimals: 18,
      priceUsd: '1.2345',
      liquidityUsd: 880000.5,
      marketCapUsd: 12000000,
      circulatingMarketCapUsd: 9500000,
      holders: 1520,
      volumeUsd: { m5: 1200.5, h1: 25000, h4: 98000, h12: 400000, h24: 1520000.5 },
      priceChangePct: { m5: 0.1, h1: -0.4, h4: 1, h12: 3, h24: 5.2 },
      txns: {
        m5: { total: 4, buys: 3, sells: 1 },
        h1: { total: 40, buys: 22, sells: 18 },
        h4: { total: 160, buys: 90, sells: 70 },
        h12: { total: 600, buys: 350, sells: 250 },
        h24: { total: 1200, buys: 700, sells: 500 },
      },
      createdAt: new Date(1788000000 * 1000).toISOString(),
      lastTransactionAt: new Date(1790720000 * 1000).toISOString(),
      topPair: CODEX_PAIR,
      isScam: false,
    });
    expect(d.calls).toHaveLength(1);
    const call = d.calls[0];
    expect(call?.path).toBe('/graphql');
    expect(call?.authorization).toBe(KEY);
    expect(call?.contentType).toBe('application/json');
    expect(call?.body?.operationName).toBe('RankTokens');
    expect(call?.body?.query).toMatch(
      /filterTokens\(filters: \$filters, rankings: \$rankings, limit: \$limit/,
    );
    expect(call?.body?.variables).toEqual({
      filters: { network: [4663] },
      rankings: [{ attribute: 'volume24', direction: 'DESC' }],
      limit: 25,
    });
    expectNoSecret(result);
    await c.close();
  });

  test('members Codex did not return are absent: no name, liquidity, holders, pair, 24 h change or short windows', async () => {
    const c = client();
    const ccc = rankingOf(await c.run('rankings.tokens', {})).tokens.find((t) => t.symbol === 'CCC');
    expect(ccc).toEqual({
      rank: 4,
      address: CODEX_TOKENS.ccc,
      symbol: 'CCC',
      decimals: 18,
      priceUsd: '0.000001234',
      marketCapUsd: 1234,
      volumeUsd: { h4: 150, h12: 2000, h24: 5000 },
      priceChangePct: { h4: 20, h12: 40 },
      txns: {
        h4: { total: 3, buys: 3, sells: 0 },
        h12: { total: 9, buys: 6, sells: 3 },
        h24: { total: 15, buys: 10, sells: 5 },
      },
      createdAt: new Date(1790700000 * 1000).toISOString(),
      lastTransactionAt: new Date(1790710000 * 1000).toISOString(),
    });
    await c.close();
  });

  test('rankBy, direction, limit, offset and minLiquidityUsd go to Codex as documented; ranks count from the offset', async () => {
    const c = client();
    const losers = rankingOf(
      await c.run('rankings.tokens', { rankBy: 'change24', direction: 'asc', limit: 2 }),
    );
    expect(losers).toMatchObject({ rankBy: 'change24', direction: 'asc' });
    expect(
      losers.tokens.map((t) => [t.rank, t.symbol, (t.priceChangePct as Record<string, number>).h24]),
    ).toEqual([
      [1, 'BBB', -12.34],
      [2, 'AAA', 5.2],
    ]);
    expect(d.calls[0]?.body?.variables).toEqual({
      filters: { network: [4663] },
      rankings: [{ attribute: 'change24', direction: 'ASC' }],
      limit: 2,
    });
    const liquid = rankingOf(
      await c.run('rankings.tokens', { rankBy: 'liquidity', minLiquidityUsd: 100000, offset: 1, limit: 5 }),
    );
    expect(liquid.tokens.map((t) => [t.rank, t.symbol])).toEqual([[2, 'DDD']]);
    expect(d.calls[1]?.body?.variables).toEqual({
      filters: { network: [4663], liquidity: { gte: 100000 } },
      rankings: [{ attribute: 'liquidity', direction: 'DESC' }],
      limit: 5,
      offset: 1,
    });
    await c.close();
  });

  test('a null entry in the results is skipped without renumbering the others', async () => {
    d.nullRow = true;
    const c = client();
    const ranking = rankingOf(await c.run('rankings.tokens', {}));
    expect(ranking.tokens.map((t) => [t.rank, t.symbol])).toEqual([
      [1, 'AAA'],
      [3, 'DDD'],
      [4, 'BBB'],
      [5, 'CCC'],
    ]);
    await c.close();
  });

  test('a network Codex does not index answers an empty list: UNAVAILABLE (no data), never an empty ranking', async () => {
    d.networkListed = false;
    const c = client();
    const result = await c.run('rankings.tokens', {});
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      answers: [{ provider: 'codex', error: 'no data: Codex lists no tokens on network 4663' }],
    });
    expect(result).not.toHaveProperty('data');
    const filtered = await c.run('rankings.tokens', { minLiquidityUsd: 1e12, fresh: true });
    expect(filtered).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [
        {
          provider: 'codex',
          error: 'no data: Codex lists no tokens on network 4663 with at least 1000000000000 USD liquidity',
        },
      ],
    });
    expectNoSecret([result, filtered]);
    await c.close();
  });

  test('without CODEX_API_KEY the provider is not configured, names the variable, and sends nothing', async () => {
    const c = client(null);
    const result = await c.run('rankings.tokens', {});
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      answers: [{ provider: 'codex', error: 'not configured (CODEX_API_KEY)' }],
    });
    expect(c.providers.list()[0]).toMatchObject({
      id: 'codex',
      configured: false,
      reason: 'not configured (CODEX_API_KEY)',
    });
    const health = await c.providers.health();
    expect(health.sections.codex).toMatchObject({ status: 'UNAVAILABLE' });
    expect(d.calls).toHaveLength(0);
    await c.close();
  });

  for (const authStyle of ['http401', 'graphql200'] as const) {
    test(`a rejected key (${authStyle === 'http401' ? 'HTTP 401' : 'Unauthorized in a 200 answer'}) makes the provider auth_failed; nothing more is sent; no key anywhere`, async () => {
      d.authStyle = authStyle;
      const c = client(WRONG_KEY);
      const result = await c.run('rankings.tokens', {});
      expect(result).toMatchObject({
        status: 'ERROR',
        attemptedProviders: [
          {
            provider: 'codex',
            error: expect.stringMatching(/^auth_failed: key rejected \(RankTokens: .*Unauthorized/),
          },
        ],
      });
      expect(c.providers.list()[0]).toMatchObject({ id: 'codex', state: { status: 'auth_failed' } });
      const requests = d.calls.length;
      const again = await c.run('rankings.tokens', { rankBy: 'holders' });
      expect(again).toMatchObject({ status: 'UNAVAILABLE' });
      expect(d.calls).toHaveLength(requests);
      expect(d.calls[0]?.authorization).toBe(WRONG_KEY);
      expectNoSecret([result, again, c.providers.list(), await c.providers.health()], WRONG_KEY);
      await c.close();
    });
  }

  test('429 is RATE_LIMITED after one request', async () => {
    d.failNext.push({
      status: 429,
      body: { message: 'Too Many Requests' },
      headers: { 'retry-after': '20' },
    });
    const c = client();
    const result = await c.run('rankings.tokens', {});
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [{ provider: 'codex', error: 'rate_limited: RankTokens: HTTP 429' }],
    });
    expect(d.count('filterTokens')).toBe(1);
    expectNoSecret(result);
    await c.close();
  });

  test('GraphQL errors in a 200 answer are never data: a validation error is PROVIDER_ERROR, a plan refusal unsupported', async () => {
    d.failNext.push({
      status: 200,
      body: {
        data: { filterTokens: null },
        errors: [
          {
            message:
              'Variable "$rankings" got invalid value "volume99"; Value "volume99" does not exist in "TokenRankingAttribute" enum.',
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      },
    });
    d.failNext.push({
      status: 200,
      body: { data: null, errors: [{ message: 'This query requires a Growth or Enterprise plan.' }] },
    });
    const c = client();
    const refused = await c.run('rankings.tokens', {});
    expect(refused).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      attemptedProviders: [
        {
          provider: 'codex',
          error: expect.stringMatching(/^refused: RankTokens: Variable "\$rankings" got invalid value/),
        },
      ],
    });
    const plan = await c.run('rankings.tokens', { fresh: true });
    expect(plan).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [
        {
          provider: 'codex',
          error: 'unsupported: RankTokens: This query requires a Growth or Enterprise plan.',
        },
      ],
    });
    expectNoSecret([refused, plan]);
    await c.close();
  });

  test('5xx, a non-JSON body and data null with no errors are provider failures', async () => {
    d.failNext.push({ status: 502, raw: '<html>Bad Gateway</html>' });
    d.failNext.push({ status: 200, raw: '<html>maintenance</html>' });
    d.failNext.push({ status: 200, body: { data: null } });
    const c = client();
    const errors = [];
    for (let i = 0; i < 3; i++) errors.push(await c.run('rankings.tokens', { fresh: true }));
    expect(errors.map((e) => (e.status === 'ERROR' ? e.attemptedProviders[0]?.error : e.status))).toEqual([
      'RankTokens: non-JSON response (HTTP 502)',
      'RankTokens: non-JSON response (HTTP 200)',
      'RankTokens: Codex answered no data and no errors',
    ]);
    expect(errors.every((e) => e.status === 'ERROR' && e.code === 'ALL_PROVIDERS_FAILED')).toBe(true);
    expectNoSecret(errors);
    await c.close();
  });

  test('invalid parameters are INVALID_INPUT before any request', async () => {
    const c = client();
    for (const params of [
      { rankBy: 'volume99' },
      { direction: 'up' },
      { limit: 201 },
      { limit: 0 },
      { minLiquidityUsd: -1 },
      { network: 'eth' },
    ])
      expect(await c.run('rankings.tokens', params)).toMatchObject({
        status: 'ERROR',
        code: 'INVALID_INPUT',
      });
    expect(d.calls).toHaveLength(0);
    await c.close();
  });

  test('health: one getNetworks request, whether network 4663 is listed; the endpoint shown without the key', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections.codex).toMatchObject({
      status: 'LIVE',
      data: { networks: 4, networkId: 4663, networkListed: true, networkName: 'robinhood' },
    });
    expect(d.calls).toHaveLength(1);
    expect(d.calls[0]?.body?.query).toMatch(/getNetworks/);
    expect(d.calls[0]?.authorization).toBe(KEY);
    expect(c.providers.list()[0]).toMatchObject({
      id: 'codex',
      configured: true,
      endpoint: `${d.origin}/graphql (Authorization: {key})`,
      capabilities: ['rankings.tokens'],
    });
    expectNoSecret([health, c.providers.list()]);
    d.networkListed = false;
    const other = client();
    expect((await other.providers.health()).sections.codex).toMatchObject({
      status: 'LIVE',
      data: { networks: 3, networkListed: false },
    });
    await Promise.all([c.close(), other.close()]);
  });
});
