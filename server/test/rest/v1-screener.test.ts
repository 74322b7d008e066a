// GET /v1/screener against the vendor doubles: GeckoTerminal's new pools (two pools of EXM
// 0x2222…: a v3 pool created 2026-08-20T09:00Z with $98,873.55 of liquidity, a v4 pool created
// 2026-09-01T08:00Z with $41,000.20) and GoPlus's token security report of EXM (slippage
// modifiable "1", sell tax "" and hidden_owner, transfer_pausable missing: undetermined). The
// server's clock is 2026-09-01T12:00Z, so the v4 pool is 4 hours old. Filters from the URL query,
// 400 on a bad filter, edge headers, 304, and a failing security source that blanks nothing else.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { GT, startDoubles, type Doubles } from '@pkg/shared/testing';
import { openApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';

const NOW = new Date('2026-09-01T12:00:00Z');
let d: Doubles;
let server: TestServer;
beforeAll(async () => {
  d = await startDoubles();
  server = await startTestServer({ dataEnv: d.env, clock: () => NOW });
});
beforeEach(() => d.reset());
afterAll(async () => {
  await server.close();
  await d.close();
});

interface Section<T> {
  status: string;
  data?: T;
  provenance?: { source: string; fetchedAt: string };
  code?: string;
  reason?: string;
}
interface Pool {
  address: string;
  source: string;
  liquidityUsd?: number;
  ageHours?: number;
  security: Section<{ token: string; raised: string[]; undetermined: string[] }>;
}
interface Answer {
  network: string;
  filters: Record<string, unknown>;
  pools: Section<{
    pools: Pool[];
    considered: number;
    leftOut: { liquidity: number; age: number; flags: number; unchecked: number };
    tokensChecked: number;
    checkLimit: number;
  }>;
}

const get = async (query = '') => {
  const res = await fetch(`${server.url}/v1/screener${query}`);
  return { res, body: (await res.json()) as Answer };
};
const EXM_FLAGS = {
  token: GT.token,
  raised: ['modifiable-tax'],
  undetermined: ['high-tax', 'hidden-owner', 'pausable', 'airdrop-scam', 'counterfeit'],
  buyTaxFraction: 0.05,
  holderCount: 1534,
};

describe('GET /v1/screener', () => {
  test("newest pools, each with its source and its base token's flags from GoPlus; edge headers; 304", async () => {
    const { res, body } = await get();
    expect(res.status).toBe(200);
    expect((await openApiCheck(server.url)).answerErrors('/v1/screener', body)).toEqual([]);
    expect(body.pools).toMatchObject({ status: 'LIVE', provenance: { source: 'geckoterminal' } });
    const list = body.pools.data;
    expect(list?.pools.map((p) => p.address)).toEqual([GT.pool, GT.v4Pool]);
    expect(list?.pools[1]).toMatchObject({
      source: 'geckoterminal',
      liquidityUsd: 41000.2,
      ageHours: 4,
      createdAt: '2026-09-01T08:00:00Z',
      baseToken: { address: GT.token, symbol: 'EXM' },
      security: { status: 'LIVE', data: EXM_FLAGS, provenance: { source: 'goplus' } },
    });
    // Both pools trade EXM: one report asked for, not two.
    expect(list).toMatchObject({ considered: 2, tokensChecked: 1, checkLimit: 20 });
    expect(d.goplus.count(`/api/v1/token_security/4663`)).toBe(1);
    await expectEdgeCached(res, `${server.url}/v1/screener`, 30);
    // The kept answer: no second round of upstream calls.
    expect(d.geckoterminal.count('/networks/robinhood/new_pools')).toBe(1);
  });

  test.each([
    ['minimum liquidity', '?minLiquidityUsd=50000', [GT.pool], { liquidity: 1 }],
    ['maximum age', '?maxAgeHours=6', [GT.v4Pool], { age: 1 }],
    ['a flag known clear, excluded', '?exclude=honeypot', [GT.pool, GT.v4Pool], { flags: 0 }],
    ['a raised flag, excluded', '?exclude=modifiable-tax', [], { flags: 2 }],
    ['an undetermined flag, excluded: never taken for clear', '?exclude=high-tax,honeypot', [], { flags: 2 }],
    ['a raised flag, required', '?require=modifiable-tax&minLiquidityUsd=50000', [GT.pool], { liquidity: 1 }],
    ['a flag repeated as a key', '?exclude=honeypot&exclude=mintable', [GT.pool, GT.v4Pool], { flags: 0 }],
  ])('filter: %s', async (_name, query, addresses, leftOut) => {
    const { res, body } = await get(query);
    expect(res.status).toBe(200);
    expect(body.pools.data?.pools.map((p) => p.address)).toEqual(addresses);
    expect(body.pools.data?.leftOut).toMatchObject(leftOut);
  });

  test('the filters applied are echoed, flags in the table order', async () => {
    const { body } = await get('?exclude=high-tax,honeypot&minLiquidityUsd=1000');
    expect(body.filters).toEqual({ minLiquidityUsd: 1000, exclude: ['honeypot', 'high-tax'], require: [] });
  });

  test.each([
    ['an unknown flag', '?exclude=rugpull'],
    ['a negative liquidity', '?minLiquidityUsd=-1'],
    ['a liquidity that is not a number', '?minLiquidityUsd=lots'],
    ['an age past the 48 hours of new pools', '?maxAgeHours=72'],
    ['an unknown parameter', '?sort=liquidity'],
    ['a flag both excluded and required', '?exclude=mintable&require=mintable'],
  ])('%s is 400 BAD_REQUEST', async (_name, query) => {
    const res = await fetch(`${server.url}/v1/screener${query}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
  });
});

describe('GET /v1/screener with a failing security source', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer({ dataEnv: d.env, clock: () => NOW });
  });
  afterAll(() => fresh.close());

  test('the pools stay listed, their flags say unread (never safe), and that answer is not kept', async () => {
    d.goplus.failNext.push({ body: { code: 5000, message: 'system error', result: null } });
    const res = await fetch(`${fresh.url}/v1/screener`);
    const body = (await res.json()) as Answer;
    expect(body.pools.status).toBe('LIVE');
    expect(body.pools.data?.pools.map((p) => p.security.status)).toEqual(['ERROR', 'ERROR']);
    expect(body.pools.data?.pools[0]?.security).not.toHaveProperty('data');
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
    // Asking to exclude a flag leaves unread pools out, counted as unchecked.
    d.goplus.failNext.push({ body: { code: 5000, message: 'system error', result: null } });
    const filtered = (await (await fetch(`${fresh.url}/v1/screener?exclude=honeypot`)).json()) as Answer;
    expect(filtered.pools.data).toMatchObject({ pools: [], leftOut: { unchecked: 2 } });
    // The failed answer was not kept: the next request reads the flags.
    const next = await fetch(`${fresh.url}/v1/screener`);
    const again = (await next.json()) as Answer;
    expect(again.pools.data?.pools[0]?.security).toMatchObject({ status: 'LIVE', data: EXM_FLAGS });
    expect(next.headers.get('cache-control')).toMatch(/^public/);
  });

  test('a failing pool provider is an ERROR section, not an empty list', async () => {
    const other = await startTestServer({ dataEnv: d.env, clock: () => NOW });
    try {
      d.geckoterminal.failNext.push({
        status: 500,
        body: { errors: [{ status: '500', title: 'Internal' }] },
      });
      const body = (await (await fetch(`${other.url}/v1/screener`)).json()) as Answer;
      expect(body.pools).toMatchObject({ status: 'ERROR' });
      expect(body.pools).not.toHaveProperty('data');
      expect(d.goplus.count('/api/v1/token_security/4663')).toBe(0);
    } finally {
      await other.close();
    }
  });
});
