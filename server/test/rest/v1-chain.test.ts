// GET /v1/chain against the vendor doubles: DefiLlama's /v2/chains and /protocols (Robinhood
// Chain at $903,457,442.10; Harbor Swap $588M, Keel Lend $212M and Pier Launch $15.5M on the
// chain), Hyperliquid's metaAndAssetCtxs (BTC, ETH and DOGE by 24 h volume; OLD delisted),
// GeckoTerminal's new pools, the issuer's stock-token list (SPY, BRK.B) with the /v1/stocks
// answer, and Polymarket's events with the /v1/odds answer. Each panel a section with its own
// source; edge headers, ETag and 304; one round of upstream calls for concurrent requests; a
// failing source that blanks nothing else and is not kept.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { GT, startDoubles, type Doubles } from '@pkg/shared/testing';
import { openApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';

let d: Doubles;
let server: TestServer;
beforeAll(async () => {
  d = await startDoubles();
  server = await startTestServer({ dataEnv: d.env });
});
beforeEach(() => {
  d.reset();
});
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
interface Answer {
  network: string;
  chainId: number;
  tvl: Section<{ chain: string; chainId?: number; tvlUsd: number }>;
  protocols: Section<{ total: number; protocols: { name: string; tvlUsd: number }[] }>;
  perps: Section<{ markets: { name: string; markPx?: string; volume24hNotional?: number }[] }>;
  newPools: Section<{ pools: { address: string; liquidityUsd?: number }[] }>;
  stocks: { issuer: Section<{ listed: number }>; stocks: { symbol: string }[] };
  odds: { fed: Section<{ events: { id: string; outcomes: { label: string; probability: number }[] }[] }> };
}

const fetchChain = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/v1/chain`, { headers });

describe('GET /v1/chain', () => {
  test('every panel with its values and its own source and time; edge headers; 304', async () => {
    const res = await fetchChain(server.url);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body).toMatchObject({ network: 'robinhood', chainId: 4663 });
    expect((await openApiCheck(server.url)).answerErrors('/v1/chain', body)).toEqual([]);
    expect(body.tvl).toEqual({
      status: 'LIVE',
      data: { chain: 'Robinhood Chain', chainId: 4663, tvlUsd: 903457442.1 },
      provenance: expect.objectContaining({ source: 'defillama', fetchedAt: expect.any(String) }),
    });
    expect(body.protocols).toMatchObject({ status: 'LIVE', provenance: { source: 'defillama' } });
    expect(body.protocols.data?.total).toBe(3);
    expect(body.protocols.data?.protocols.map((p) => [p.name, p.tvlUsd])).toEqual([
      ['Harbor Swap', 588000000],
      ['Keel Lend', 212000000],
      ['Pier Launch', 15500000],
    ]);
    // Pier Launch sent no 1-day change: absent, not 0.
    expect(body.protocols.data?.protocols[2]).not.toHaveProperty('change1dPct');
    expect(body.perps).toMatchObject({ status: 'LIVE', provenance: { source: 'hyperliquid' } });
    expect(body.perps.data?.markets.map((m) => m.name)).toEqual(['BTC', 'ETH', 'DOGE']);
    expect(body.perps.data?.markets[0]).toMatchObject({
      markPx: '104211.0',
      volume24hNotional: 3821055401.2,
    });
    expect(body.newPools).toMatchObject({ status: 'LIVE', provenance: { source: 'geckoterminal' } });
    expect(body.newPools.data?.pools.map((p) => [p.address, p.liquidityUsd])).toEqual([
      [GT.pool, 98873.55],
      [GT.v4Pool, 41000.2],
    ]);
    // The issuer's list is read once per build: the stock panel and the odds panel ask for it in
    // the same round and share one upstream request (single flight). Its answer was fetched for
    // this build, so the panel shows it LIVE (before single flight, a first round read it and the
    // panel found it in the cache: CACHED).
    expect(body.stocks.issuer).toMatchObject({
      status: 'LIVE',
      data: { listed: 2 },
      provenance: { source: 'robinhood-stocks' },
    });
    expect(body.stocks.stocks.map((s) => s.symbol)).toEqual(['SPY', 'BRK.B']);
    expect(body.odds.fed).toMatchObject({ status: 'LIVE', provenance: { source: 'polymarket' } });
    expect(body.odds.fed.data?.events[0]).toMatchObject({
      id: '45883',
      outcomes: [
        { label: '25 bps decrease', probability: 0.71 },
        { label: 'No change', probability: 0.24 },
      ],
    });

    const again = await expectEdgeCached(res, `${server.url}/v1/chain`, 30);
    expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
  });

  test('concurrent cold requests share one build: one round of upstream calls', async () => {
    const cold = await startTestServer({ dataEnv: d.env });
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => fetchChain(cold.url)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const etags = new Set(answers.map((r) => r.headers.get('etag')));
      expect(etags.size).toBe(1);
      // The issuer's list (read by the stock and odds panels in the same round: single flight) and
      // DefiLlama's chain list (TVL, and the chain's name for the protocols) are each asked for once.
      expect(d.stocks.count(/^\/rhj\/assets$/)).toBe(1);
      expect(d.defillama.count('api', /^\/v2\/chains$/)).toBe(1);
      expect(d.defillama.count('api', /^\/protocols$/)).toBe(1);
      expect(d.hyperliquid.count('metaAndAssetCtxs')).toBe(1);
      expect(d.geckoterminal.count('/networks/robinhood/new_pools')).toBe(1);
      expect(d.polymarket.count(/^\/events/)).toBe(3);
    } finally {
      await cold.close();
    }
  });

  test('a failing source blanks nothing else, and that answer is not kept', async () => {
    const fresh = await startTestServer({ dataEnv: d.env });
    try {
      d.hyperliquid.failNext.push({ type: 'metaAndAssetCtxs', status: 500, raw: 'Internal Server Error' });
      const res = await fetchChain(fresh.url);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Answer;
      expect(body.perps.status).toBe('ERROR');
      expect(body.perps).not.toHaveProperty('data');
      expect(body.perps.reason).toMatch(/hyperliquid/);
      expect([body.tvl.status, body.protocols.status, body.newPools.status, body.odds.fed.status]).toEqual([
        'LIVE',
        'LIVE',
        'LIVE',
        'LIVE',
      ]);
      // Fetched for this build and shared with the odds panel (single flight): LIVE, not CACHED.
      expect(body.stocks.issuer.status).toBe('LIVE');
      expect(res.headers.get('cache-control')).toBe('private, max-age=5');
      const next = await fetchChain(fresh.url);
      const after = (await next.json()) as Answer;
      expect(after.perps).toMatchObject({ status: 'LIVE', provenance: { source: 'hyperliquid' } });
      expect(next.headers.get('cache-control')).toMatch(/^public/);
      expect(d.hyperliquid.count('metaAndAssetCtxs')).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  test('query parameters are not accepted: 400 BAD_REQUEST', async () => {
    const res = await fetch(`${server.url}/v1/chain?limit=5`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
  });
});
