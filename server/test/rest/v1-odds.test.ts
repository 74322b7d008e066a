// GET /v1/odds against the Polymarket Gamma double (open events by tag) and the issuer's
// stock-token double (the tickers that pick stock events), from @pkg/shared/testing: Fed and
// inflation events by tag, stock events naming a listed ticker, each list a section; a failing tag
// or a failing issuer list blanks nothing else; the edge headers.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SPY_LEVELS, startDoubles, type Doubles } from '@pkg/shared/testing';
import type { V1Odds } from '@pkg/shared';
import { openApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';

let d: Doubles;
const servers: TestServer[] = [];
beforeAll(async () => {
  d = await startDoubles();
});
beforeEach(() => {
  d.reset();
  // A stock event on SPY, a ticker the issuer lists (the double also has one on NVDA, which it does not).
  d.polymarket.extraEvents.push(SPY_LEVELS);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await d.close();
});

async function serve(): Promise<TestServer> {
  const server = await startTestServer({ dataEnv: d.env });
  servers.push(server);
  return server;
}

const get = async (server: TestServer) => {
  const res = await fetch(`${server.url}/v1/odds`);
  return { res, body: (await res.json()) as V1Odds };
};

describe('GET /v1/odds', () => {
  test('Fed and inflation events by tag, and stock events naming a listed ticker, each shown as its kind asks', async () => {
    const server = await serve();
    const { res, body } = await get(server);
    expect(res.status).toBe(200);
    // Fed: mutually exclusive buckets, the most likely first; the closed 50+ bps bucket is not priced.
    expect(body.fed).toMatchObject({ status: 'LIVE', provenance: { source: 'polymarket' } });
    expect(body.fed.data?.events).toEqual([
      {
        id: '45883',
        title: 'Fed decision in December?',
        slug: 'fed-decision-in-december',
        kind: 'macro',
        shape: 'most likely',
        outcomes: [
          { label: '25 bps decrease', probability: 0.71 },
          { label: 'No change', probability: 0.24 },
        ],
        endDate: '2026-12-10T12:00:00Z',
        volumeUsd: 48210000.5,
      },
    ]);
    // Inflation: the CPI event has no price yet: it is left out, never shown as 0 %.
    expect(body.inflation).toMatchObject({ status: 'LIVE', data: { events: [] } });
    // Stocks: the SPY levels, nearest 50 % first; the NVDA event names no listed stock token.
    expect(body.stocks).toMatchObject({
      status: 'LIVE',
      data: { tickers: 2 },
      provenance: { source: 'polymarket' },
    });
    expect(body.stocks.data?.events).toEqual([
      {
        id: SPY_LEVELS.id,
        title: SPY_LEVELS.title,
        slug: SPY_LEVELS.slug,
        kind: 'stock',
        ticker: 'SPY',
        shape: 'nearest 50 %',
        outcomes: [
          { label: '$600', probability: 0.55 },
          { label: '$640', probability: 0.21 },
          { label: '$560', probability: 0.88 },
        ],
        endDate: SPY_LEVELS.endDate,
        volumeUsd: SPY_LEVELS.volume,
      },
    ]);
    expect(body.notice).toBe('Market prices, not a forecast.');
    // One request per tag, and the issuer's list once.
    expect(d.polymarket.calls.map((c) => `${c.path} ${c.query.tag_slug}`).sort()).toEqual([
      '/events fed-rates',
      '/events inflation',
      '/events stocks',
    ]);
    expect(d.stocks.paths).toEqual(['/rhj/assets']);
    const openapi = await openApiCheck(server.url);
    expect(openapi.answerErrors('/v1/odds', body)).toEqual([]);
  });

  test('edge headers: public with the 30 s TTL, an ETag, Vary: Origin; 304 on If-None-Match', async () => {
    const server = await serve();
    const { res } = await get(server);
    await expectEdgeCached(res, `${server.url}/v1/odds`, 30);
  });

  test('a tag failing (a 502 page) blanks nothing else; the answer is sent privately and not kept', async () => {
    const server = await serve();
    d.polymarket.failNext.push({
      status: 502,
      raw: '<html><head><title>502 Bad Gateway</title></head><body>cloudflare</body></html>',
    });
    // The failure goes to whichever tag is asked first: that list says why, the other two stay.
    const { res, body } = await get(server);
    const failed = (['fed', 'inflation', 'stocks'] as const).filter((k) => body[k].status === 'ERROR');
    expect(failed).toHaveLength(1);
    const [name] = failed;
    expect(body[name ?? 'fed'].reason).toContain('HTTP 502');
    for (const other of (['fed', 'inflation', 'stocks'] as const).filter((k) => k !== name))
      expect(body[other].status).toBe('LIVE');
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
    const next = await get(server);
    expect(next.body[name ?? 'fed'].status).toBe('LIVE');
  });

  test("the issuer's list failing: the stock events say why; the Fed and inflation events stay", async () => {
    const server = await serve();
    d.stocks.failNext.push({ status: 503, body: { code: 14, message: 'unavailable' } });
    const { body } = await get(server);
    expect(body.stocks.status).toBe('ERROR');
    expect(body.stocks.reason).toMatch(/^the issuer's stock-token list: .*HTTP 503/);
    expect(body.fed.status).toBe('LIVE');
    expect(body.fed.data?.events).toHaveLength(1);
    expect(body.inflation.status).toBe('LIVE');
  });
});
