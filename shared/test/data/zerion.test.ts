// Zerion, the wallet-portfolio provider, through the real client against its double: the chain's
// slug resolved from /v1/chains/, the all-chain portfolio, positions and transactions filtered to
// the chain, cursor paging, untrackable and unlisted answers, the Retry-After retry, auth failure
// and secrecy of the key in both its plain and its HTTP Basic form.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { zerionDescriptor } from '../../src/data/providers/zerion/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import {
  startZerionServer,
  ZERION_CONTRACT,
  ZERION_SLUG,
  ZERION_TOKEN,
  ZERION_WALLET,
  type ZerionDouble,
} from '../vendors/zerion-server.js';
import { fakeClock } from './doubles.js';

const KEY = 'zk_dev_0123456789abcdefSECRET';
const BASIC = Buffer.from(`${KEY}:`).toString('base64');
const WRONG_KEY = 'zk_dev_wrong0123456789abcdefXYZ';

let z: ZerionDouble;
beforeAll(async () => {
  z = await startZerionServer(KEY);
});
afterAll(() => z.close());
beforeEach(() => z.reset());

/** A client on the double; `null`: no ZERION_API_KEY at all. */
function client(key: string | null = KEY) {
  return createDataClient({
    env: {
      ZERION_BASE_URL: z.origin,
      ...(key ? { ZERION_API_KEY: key } : {}),
      PKG_NET_ALLOW_PRIVATE: '1',
    },
    providers: [zerionDescriptor],
    clock: fakeClock(),
    throttles: createThrottleRegistry(),
  });
}

/** Neither the key nor its Basic form appears anywhere in what the layer returns. */
function expectNoSecret(value: unknown, key = KEY) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(key);
  expect(text).not.toContain(Buffer.from(`${key}:`).toString('base64'));
}

const PORTFOLIO = /\/portfolio$/;
const POSITIONS = /\/positions\/$/;
const TRANSACTIONS = /\/transactions\/$/;
const CHAINS = /^\/v1\/chains\/$/;

describe('zerion', () => {
  test('portfolio: totals over every chain, said so in the payload, with the chain share when the slug is known', async () => {
    const c = client();
    const result = await c.wallet.portfolio({ address: ZERION_WALLET });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'zerion', chain: 'robinhood', chainId: 4663, fresh: true },
    });
    expect(result.status === 'LIVE' && result.data).toEqual({
      address: ZERION_WALLET,
      scope: 'all-chains',
      note: 'Zerion totals span every chain it tracks, not only Robinhood Chain',
      totalUsd: 2800.5,
      byType: { wallet: 2650.5, deposited: 120, borrowed: 0, locked: 0, staked: 30 },
      byChain: { ethereum: 1300.25, base: 80.25, [ZERION_SLUG]: 1420 },
      change1dUsd: 42.5,
      change1dPct: 1.54,
      onThisChainUsd: 1420,
    });
    const call = z.calls.find((x) => PORTFOLIO.test(x.path));
    expect(call?.path).toBe(`/v1/wallets/${ZERION_WALLET}/portfolio`);
    expect(call?.query).toEqual({ currency: 'usd', 'filter[positions]': 'no_filter' });
    // The Authorization header is exactly Basic base64("<key>:") on every request.
    expect(z.calls.map((x) => x.authorization)).toEqual(z.calls.map(() => `Basic ${BASIC}`));
    expectNoSecret(result);
    await c.close();
  });

  test('positions: filtered to the slug resolved from /v1/chains/ (once per runtime); members Zerion left out are absent', async () => {
    const c = client();
    const result = await c.wallet.positions({ address: ZERION_WALLET });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'zerion', chain: 'robinhood' } });
    expect(result.status === 'LIVE' && result.data).toEqual({
      address: ZERION_WALLET,
      chain: ZERION_SLUG,
      positions: [
        {
          name: 'Ethereum',
          symbol: 'ETH',
          positionType: 'wallet',
          quantity: '0.4',
          valueUsd: 1400,
          priceUsd: 3500,
          change1dPct: 1.02,
          updatedAt: '2026-10-01T11:59:00Z',
        },
        {
          name: 'Global Dollar',
          symbol: 'USDG',
          positionType: 'wallet',
          quantity: '20',
          tokenAddress: ZERION_TOKEN,
          updatedAt: '2026-10-01T11:58:00Z',
        },
      ],
    });
    const call = z.calls.find((x) => POSITIONS.test(x.path));
    expect(call?.query).toEqual({
      currency: 'usd',
      'filter[chain_ids]': ZERION_SLUG,
      'filter[positions]': 'no_filter',
      'filter[trash]': 'only_non_trash',
    });
    expect(z.count(CHAINS)).toBe(1);
    await c.wallet.positions({ address: ZERION_WALLET, fresh: true });
    await c.wallet.transactions({ address: ZERION_WALLET });
    expect(z.count(CHAINS)).toBe(1);
    expect(z.count(POSITIONS)).toBe(2);
    await c.close();
  });

  test('the slug is whatever Zerion lists for chain id 0x1237, never assumed', async () => {
    z.chainSlug = 'another-slug-for-4663';
    const c = client();
    const result = await c.wallet.positions({ address: ZERION_WALLET });
    expect(result).toMatchObject({ status: 'LIVE', data: { chain: 'another-slug-for-4663' } });
    expect(z.calls.find((x) => POSITIONS.test(x.path))?.query['filter[chain_ids]']).toBe(
      'another-slug-for-4663',
    );
    await c.close();
  });

  test('transactions: filtered to the chain, paged by the cursor of links.next', async () => {
    const c = client();
    const first = await c.wallet.transactions({ address: ZERION_WALLET, pageSize: 2 });
    expect(first.status).toBe('LIVE');
    const page1 = first.status === 'LIVE' ? (first.data as Record<string, unknown>) : {};
    expect(page1).toMatchObject({ address: ZERION_WALLET, chain: ZERION_SLUG });
    expect(page1.transactions).toEqual([
      {
        hash: `0x${'1'.repeat(64)}`,
        operationType: 'trade',
        status: 'confirmed',
        minedAt: '2026-10-01T11:00:00+00:00',
        blockNumber: 1234499,
        from: ZERION_WALLET,
        to: '0x6666666666666666666666666666666666666666',
        feeUsd: 0.07,
        transfers: [
          { direction: 'out', symbol: 'ETH', quantity: '0.1', valueUsd: 350 },
          { direction: 'in', symbol: 'USDG', quantity: '349.5', valueUsd: 349.5, tokenAddress: ZERION_TOKEN },
        ],
      },
      {
        hash: `0x${'3'.repeat(64)}`,
        operationType: 'approve',
        status: 'confirmed',
        minedAt: '2026-10-01T13:00:00+00:00',
        blockNumber: 1234497,
        from: ZERION_WALLET,
        to: '0x6666666666666666666666666666666666666666',
        transfers: [],
      },
    ]);
    expect(typeof page1.nextCursor).toBe('string');
    const firstCall = z.calls.find((x) => TRANSACTIONS.test(x.path));
    expect(firstCall?.query).toEqual({
      currency: 'usd',
      'filter[chain_ids]': ZERION_SLUG,
      'page[size]': '2',
    });

    const second = await c.wallet.transactions({
      address: ZERION_WALLET,
      pageSize: 2,
      cursor: page1.nextCursor as string,
    });
    expect(second.status).toBe('LIVE');
    const page2 = second.status === 'LIVE' ? (second.data as Record<string, unknown>) : {};
    expect(page2.transactions).toEqual([
      {
        hash: `0x${'4'.repeat(64)}`,
        operationType: 'receive',
        status: 'confirmed',
        minedAt: '2026-10-01T14:00:00+00:00',
        blockNumber: 1234496,
        from: '0x5555555555555555555555555555555555555555',
        to: ZERION_WALLET,
        feeUsd: 0.05,
        transfers: [{ direction: 'in', symbol: 'USDG', quantity: '20', tokenAddress: ZERION_TOKEN }],
      },
    ]);
    expect(page2).not.toHaveProperty('nextCursor');
    const secondCall = z.calls.filter((x) => TRANSACTIONS.test(x.path))[1];
    expect(secondCall?.query['page[after]']).toBe(page1.nextCursor);
    expect(secondCall?.query['filter[chain_ids]']).toBe(ZERION_SLUG);
    await c.close();
  });

  test("a next link paged by other page[...] members (the OpenAPI's older example) still pages", async () => {
    z.legacyLinks = true;
    const c = client();
    const first = await c.wallet.transactions({ address: ZERION_WALLET, pageSize: 2 });
    const cursor = first.status === 'LIVE' ? (first.data as { nextCursor?: string }).nextCursor : undefined;
    expect(cursor).toMatch(/^\?page%5BlastId%5D=/);
    const second = await c.wallet.transactions({ address: ZERION_WALLET, pageSize: 2, cursor });
    expect(second).toMatchObject({
      status: 'LIVE',
      data: { transactions: [{ hash: `0x${'4'.repeat(64)}` }] },
    });
    const query = z.calls.filter((x) => TRANSACTIONS.test(x.path))[1]?.query;
    expect(query).toMatchObject({
      'page[lastId]': 'tx-3',
      'page[size]': '2',
      'filter[chain_ids]': ZERION_SLUG,
    });
    expect(query).not.toHaveProperty('page[after]');
    await c.close();
  });

  test('chain 4663 not listed by Zerion: positions and transactions UNAVAILABLE with no wallet request; portfolio without the chain share', async () => {
    z.chainListed = false;
    const c = client();
    for (const result of [
      await c.wallet.positions({ address: ZERION_WALLET }),
      await c.wallet.transactions({ address: ZERION_WALLET }),
    ]) {
      expect(result).toMatchObject({
        status: 'UNAVAILABLE',
        code: 'CAPABILITY_UNAVAILABLE',
        answers: [{ provider: 'zerion', error: 'no data: Zerion does not list chain 4663' }],
      });
      expect(result).not.toHaveProperty('data');
    }
    expect(z.count(POSITIONS) + z.count(TRANSACTIONS)).toBe(0);
    const portfolio = await c.wallet.portfolio({ address: ZERION_WALLET });
    expect(portfolio).toMatchObject({ status: 'LIVE', data: { scope: 'all-chains', totalUsd: 2800.5 } });
    expect(portfolio.status === 'LIVE' && portfolio.data).not.toHaveProperty('onThisChainUsd');
    await c.close();
  });

  test('an untrackable address (a 4xx with a detail) is UNAVAILABLE naming it, never an empty wallet', async () => {
    z.untrackable.set(ZERION_CONTRACT, { status: 400, detail: 'address is not a wallet' });
    const c = client();
    for (const result of [
      await c.wallet.portfolio({ address: ZERION_CONTRACT }),
      await c.wallet.positions({ address: ZERION_CONTRACT }),
      await c.wallet.transactions({ address: ZERION_CONTRACT }),
    ]) {
      expect(result).toMatchObject({
        status: 'UNAVAILABLE',
        answers: [
          {
            provider: 'zerion',
            error: `no data: Zerion cannot track ${ZERION_CONTRACT} (untrackable: a contract or system address): address is not a wallet`,
          },
        ],
      });
      expect(result).not.toHaveProperty('data');
      expectNoSecret(result);
    }
    await c.close();
  });

  test('a wallet Zerion is still indexing (202) is UNAVAILABLE, not empty', async () => {
    z.indexing.add(ZERION_WALLET);
    const c = client();
    const result = await c.wallet.positions({ address: ZERION_WALLET });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [
        { provider: 'zerion', error: 'no data: Zerion is still indexing this wallet; ask again shortly' },
      ],
    });
    await c.close();
  });

  test('429 with Retry-After: 1 is retried once after the wait and served (2 requests)', async () => {
    z.failNext.push({
      match: PORTFOLIO,
      status: 429,
      body: { errors: [{ title: 'Too many requests', detail: 'Your request had been throttled' }] },
      headers: { 'retry-after': '1' },
    });
    const c = client();
    const result = await c.wallet.portfolio({ address: ZERION_WALLET });
    expect(result).toMatchObject({ status: 'LIVE', data: { totalUsd: 2800.5 } });
    expect(z.count(PORTFOLIO)).toBe(2);
    await c.close();
  });

  test('429 with Retry-After: 60 is RATE_LIMITED after one request', async () => {
    z.failNext.push({
      match: PORTFOLIO,
      status: 429,
      body: { errors: [{ title: 'Too many requests', detail: 'Your request had been throttled' }] },
      headers: { 'retry-after': '60' },
    });
    const c = client();
    const result = await c.wallet.portfolio({ address: ZERION_WALLET });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [{ provider: 'zerion', error: expect.stringMatching(/^rate_limited: .*HTTP 429/) }],
    });
    expect(z.count(PORTFOLIO)).toBe(1);
    expectNoSecret(result);
    await c.close();
  });

  test('401: ERROR, the provider becomes auth_failed and is not asked again; no key in any result', async () => {
    const c = client(WRONG_KEY);
    const result = await c.wallet.portfolio({ address: ZERION_WALLET });
    expect(result).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'zerion', error: expect.stringMatching(/^auth_failed: key rejected/) },
      ],
    });
    expect(c.providers.list()[0]).toMatchObject({ id: 'zerion', state: { status: 'auth_failed' } });
    const requests = z.calls.length;
    const again = await c.wallet.positions({ address: ZERION_WALLET });
    expect(again).toMatchObject({ status: 'UNAVAILABLE' });
    expect(z.calls.length).toBe(requests);
    expectNoSecret([result, again, c.providers.list()], WRONG_KEY);
    await c.close();
  });

  test('5xx and a non-JSON body are provider failures (ERROR), with no key in them', async () => {
    z.failNext.push({ match: PORTFOLIO, status: 503, raw: '<html>Service Unavailable</html>' });
    z.failNext.push({
      match: POSITIONS,
      status: 500,
      body: { errors: [{ title: 'Internal error', detail: 'try later' }] },
    });
    const c = client();
    const portfolio = await c.wallet.portfolio({ address: ZERION_WALLET });
    expect(portfolio).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [
        { provider: 'zerion', error: expect.stringContaining('non-JSON response (HTTP 503)') },
      ],
    });
    const positions = await c.wallet.positions({ address: ZERION_WALLET });
    expect(positions).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ provider: 'zerion', error: expect.stringContaining('HTTP 500 try later') }],
    });
    expectNoSecret([portfolio, positions]);
    await c.close();
  });

  test('without ZERION_API_KEY the provider is not configured and nothing is sent', async () => {
    const c = client(null);
    const result = await c.wallet.portfolio({ address: ZERION_WALLET });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'zerion', error: 'not configured (ZERION_API_KEY)' }],
    });
    expect(z.calls).toHaveLength(0);
    await c.close();
  });

  test('health counts the chains and says whether chain 4663 is listed; the endpoint is shown without the key', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections.zerion).toMatchObject({
      status: 'LIVE',
      data: { chains: 3, chain4663Listed: true, chainSlug: ZERION_SLUG },
    });
    expect(c.providers.list()[0]).toMatchObject({
      configured: true,
      endpoint: `${z.origin}/v1/... (Authorization: Basic {key})`,
    });
    expectNoSecret([health, c.providers.list()]);
    z.chainListed = false;
    const other = client();
    const unlisted = await other.providers.health();
    expect(unlisted.sections.zerion).toMatchObject({
      status: 'LIVE',
      data: { chains: 2, chain4663Listed: false },
    });
    await Promise.all([c.close(), other.close()]);
  });
});
