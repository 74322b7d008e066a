// GET /v1/wallet/:address against the vendor doubles: Alchemy's token balances (1 USDG of 6
// decimals for any wallet; PRICED_HOLDER also holds 2,500,000 EXM of 18 decimals), token metadata
// and asset transfers (one USDG transfer of 1.5 from WALLET); prices from CoinGecko's simple token
// price (EXM at $0.0000001234; USDG not listed there nor on GeckoTerminal). A value only where a
// price source lists the token, 400 on a bad address, edge headers, 304, and a failing price source
// that blanks nothing else and is not kept.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PRICED_HOLDER, ROUTER, TOKEN, TX, WALLET, startDoubles, type Doubles } from '@pkg/shared/testing';
import { openApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';

const EXM = `0x${'2'.repeat(40)}`;
let d: Doubles;
let server: TestServer;
beforeAll(async () => {
  d = await startDoubles();
  server = await startTestServer({ dataEnv: d.env });
});
beforeEach(() => d.reset());
afterAll(async () => {
  await server.close();
  await d.close();
});

interface Section<T = unknown> {
  status: string;
  data?: T;
  provenance?: { source: string; fetchedAt: string };
  code?: string;
  reason?: string;
}
interface Holding {
  token: string;
  symbol?: string;
  balance: string;
  amount?: string;
  valueUsd?: number;
  metadata?: Section;
  price: Section<{ priceUsd: string }>;
}
interface Answer {
  address: string;
  holdings: Section<{ holdings: Holding[]; valuedUsd?: number; unvalued: number }>;
  transfers: Section<{ transfers: Record<string, unknown>[]; more?: boolean }>;
}

const get = async (base: string, address: string) => {
  const res = await fetch(`${base}/v1/wallet/${address}`);
  return { res, body: (await res.json()) as Answer };
};

describe('GET /v1/wallet/:address', () => {
  test('holdings with their amounts, recent transfers, each section with its source; edge headers; 304', async () => {
    const { res, body } = await get(server.url, WALLET);
    expect(res.status).toBe(200);
    expect((await openApiCheck(server.url)).answerErrors('/v1/wallet/{address}', body)).toEqual([]);
    expect(body.address).toBe(WALLET);
    expect(body.holdings).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'alchemy', fetchedAt: expect.any(String) },
      data: { unvalued: 1 },
    });
    expect(body.holdings.data?.holdings).toEqual([
      expect.objectContaining({
        token: TOKEN,
        balance: '1000000',
        symbol: 'USDG',
        decimals: 6,
        amount: '1',
        metadata: expect.objectContaining({
          status: 'LIVE',
          provenance: expect.objectContaining({ source: 'alchemy' }),
        }),
      }),
    ]);
    expect(body.transfers).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'alchemy' },
      data: {
        transfers: [
          {
            hash: TX,
            from: WALLET,
            to: ROUTER,
            direction: 'out',
            token: TOKEN,
            symbol: 'USDG',
            value: '1500000',
            amount: '1.5',
            timestamp: '2026-09-03T04:02:11.000Z',
          },
        ],
        more: false,
      },
    });
    await expectEdgeCached(res, `${server.url}/v1/wallet/${WALLET}`, 30);
  });

  test('a token no price source lists has no value (absent, never 0), and its price section says why', async () => {
    const { body } = await get(server.url, WALLET);
    const usdg = body.holdings.data?.holdings[0];
    expect(usdg).not.toHaveProperty('valueUsd');
    expect(usdg?.price).toMatchObject({ status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE' });
    expect(usdg?.price.reason).toMatch(/coingecko: .*no price.*geckoterminal: .*no price/i);
    expect(body.holdings.data).not.toHaveProperty('valuedUsd');
  });

  test('a listed token is valued at amount × its price, with the price source and time', async () => {
    const { body } = await get(server.url, PRICED_HOLDER);
    const [exm, usdg] = body.holdings.data?.holdings ?? [];
    expect(exm).toMatchObject({
      token: EXM,
      symbol: 'EXM',
      amount: '2500000',
      price: {
        status: 'LIVE',
        data: { priceUsd: '0.0000001234' },
        provenance: { source: 'coingecko', fetchedAt: expect.any(String) },
      },
    });
    expect(exm?.valueUsd).toBeCloseTo(0.3085, 10);
    // The valued holding first; the unlisted one after it, without a value.
    expect(usdg).toMatchObject({ token: TOKEN, amount: '1' });
    expect(usdg).not.toHaveProperty('valueUsd');
    expect(body.holdings.data?.valuedUsd).toBeCloseTo(0.3085, 10);
    expect(body.holdings.data?.unvalued).toBe(1);
  });

  test.each([
    ['too short', '0x123'],
    ['not hex', `0x${'g'.repeat(40)}`],
    ['without 0x', 'f'.repeat(40)],
    ['too long', `0x${'a'.repeat(42)}`],
    ['a name', 'vitalik.eth'],
    ['__proto__', '__proto__'],
    ['URL-encoded traversal', '..%2F..%2Fhealth'],
  ])('an invalid address (%s) is 400 BAD_REQUEST in the uniform error body', async (_name, address) => {
    const res = await fetch(`${server.url}/v1/wallet/${address}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
  });

  test('a failing price source blanks nothing else, and that answer is not kept', async () => {
    const fresh = await startTestServer({ dataEnv: d.env });
    try {
      d.coingecko.failNext.push({ status: 500, body: { error: 'Internal Server Error' } });
      d.geckoterminal.failNext.push({
        status: 500,
        body: { errors: [{ status: '500', title: 'Internal' }] },
      });
      const { res, body } = await get(fresh.url, WALLET);
      const [usdg] = body.holdings.data?.holdings ?? [];
      expect(usdg?.price.status).toBe('ERROR');
      expect(usdg).toMatchObject({ token: TOKEN, amount: '1' });
      expect(body.holdings.status).toBe('LIVE');
      expect(body.transfers.status).toBe('LIVE');
      expect(res.headers.get('cache-control')).toBe('private, max-age=5');
      const next = await get(fresh.url, WALLET);
      expect(next.body.holdings.data?.holdings[0]?.price.status).toBe('UNAVAILABLE');
      expect(next.res.headers.get('cache-control')).toMatch(/^public/);
    } finally {
      await fresh.close();
    }
  });
});
