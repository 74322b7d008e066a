// GET /v1/filings/:symbol against the SEC EDGAR double of @pkg/shared/testing (company_tickers.json
// on the www host, the submissions JSON on the data host, the 403 HTML page for an undeclared
// agent): the filings card with its labelled 8-K items and links, `no filer` for a ticker the SEC
// does not list, UNAVAILABLE naming SEC_USER_AGENT when it is unset (and nothing sent), a failing
// EDGAR, the edge headers, and 400 in the uniform error body for every malformed symbol.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DECLARED_AGENT, startDoubles, type Doubles } from '@pkg/shared/testing';
import type { DataEnv } from '@pkg/shared/data';
import type { V1Filings } from '@pkg/shared';
import { openApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { expectEdgeCached } from '../helpers/expect-edge-cached.js';

/** The server's time: the insider window (30 days) is counted back from it. */
const NOW = new Date('2026-11-01T12:00:00.000Z');

let d: Doubles;
const servers: TestServer[] = [];
beforeAll(async () => {
  d = await startDoubles();
});
beforeEach(() => d.reset());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await d.close();
});

async function serve(dataEnv: DataEnv = d.env): Promise<TestServer> {
  const server = await startTestServer({ dataEnv, clock: () => NOW });
  servers.push(server);
  return server;
}

const get = async (server: TestServer, symbol: string) => {
  const res = await fetch(`${server.url}/v1/filings/${symbol}`);
  return { res, body: (await res.json()) as V1Filings };
};

describe('GET /v1/filings/:symbol', () => {
  test("the registrant's card: 8-K items labelled, periodic and ownership filings linked, insider forms counted over 30 days", async () => {
    const server = await serve();
    const { res, body } = await get(server, 'AAPL');
    expect(res.status).toBe(200);
    expect(body.symbol).toBe('AAPL');
    expect(body.filings).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'sec-edgar', fetchedAt: expect.any(String) },
    });
    const card = body.filings.data;
    expect(card).toMatchObject({ cik: '0000320193', name: 'Apple Inc.' });
    expect(card?.current.map((f) => [f.form, f.items])).toEqual([
      [
        '8-K',
        [
          { item: '2.02', label: 'earnings' },
          { item: '9.01', label: 'financial statements and exhibits' },
        ],
      ],
      ['8-K/A', [{ item: '5.02', label: 'director or officer change' }]],
    ]);
    expect(card?.current[0]?.url).toBe(
      `${d.secEdgar.www.origin}/Archives/edgar/data/320193/000032019326000071/aapl-20261030.htm`,
    );
    expect(card?.periodic.map((f) => f.form)).toEqual(['10-Q']);
    expect(card?.ownership.map((f) => f.form)).toEqual(['SC 13G/A']);
    // The Form 4 of 2026-10-28 is inside the 30 days; the Form 3 of 2026-07-15 is not. Neither is listed.
    expect(card?.insider).toEqual({ days: 30, total: 1, byForm: { '4': 1 } });
    // One download of the ticker list, one of the registrant's submissions, with the declared agent.
    expect(d.secEdgar.calls.map((c) => `${c.host} ${c.path}`)).toEqual([
      'www /files/company_tickers.json',
      'data /submissions/CIK0000320193.json',
    ]);
    expect(d.secEdgar.calls.every((c) => DECLARED_AGENT.test(c.userAgent ?? ''))).toBe(true);
    const openapi = await openApiCheck(server.url);
    expect(openapi.answerErrors('/v1/filings/{symbol}', body)).toEqual([]);
  });

  test('edge headers: public with the 10-minute TTL, an ETag, Vary: Origin; 304 on If-None-Match', async () => {
    const server = await serve();
    const { res } = await get(server, 'AAPL');
    await expectEdgeCached(res, `${server.url}/v1/filings/AAPL`, 600);
  });

  test('a ticker the SEC does not list (a fund) is UNAVAILABLE with the reason `no filer`', async () => {
    const server = await serve();
    const { res, body } = await get(server, 'SPY');
    expect(res.status).toBe(200);
    expect(body).toEqual({
      symbol: 'SPY',
      filings: { status: 'UNAVAILABLE', code: 'NO_FILER', reason: 'no filer' },
    });
    // Nothing failed: the answer is kept like any other.
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=600/);
    expect(d.secEdgar.count('data')).toBe(0);
  });

  test('without SEC_USER_AGENT, EDGAR is UNAVAILABLE naming the variable, and nothing is sent', async () => {
    const { SEC_USER_AGENT: _unset, ...env } = d.env;
    const server = await serve(env);
    const { res, body } = await get(server, 'AAPL');
    expect(res.status).toBe(200);
    expect(body.filings.status).toBe('UNAVAILABLE');
    expect(body.filings.reason).toContain('SEC_USER_AGENT');
    expect(d.secEdgar.calls).toHaveLength(0);
  });

  test('the SEC double answers an undeclared agent with its 403 HTML page', async () => {
    const res = await fetch(`${d.secEdgar.www.origin}/files/company_tickers.json`, {
      headers: { 'user-agent': 'node' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Undeclared Automated Tool');
  });

  test('EDGAR blocking the server (its 403 page) is an ERROR that says so, sent privately and not kept', async () => {
    const server = await serve();
    d.secEdgar.blocked = true;
    const { res, body } = await get(server, 'AAPL');
    expect(res.status).toBe(200);
    expect(body.filings.status).toBe('ERROR');
    expect(body.filings.reason).toContain('403');
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
    d.secEdgar.blocked = false;
    expect((await get(server, 'AAPL')).body.filings.status).toBe('LIVE');
  });

  test.each([
    ['lower case', 'aapl', 'AAPL'],
    ['a share class with a dot', 'BRK.B', 'BRK.B'],
    ['a share class as the SEC writes it', 'brk-b', 'BRK-B'],
  ])('%s (%s) is read as %s', async (_form, symbol, read) => {
    const server = await serve();
    const { res, body } = await get(server, symbol);
    expect(res.status).toBe(200);
    expect(body.symbol).toBe(read);
    // BRK.B and BRK-B both name Berkshire's CIK in the SEC's list.
    const cik = read === 'AAPL' ? '0000320193' : '0001067983';
    expect(d.secEdgar.calls.map((c) => c.path)).toContain(`/submissions/CIK${cik}.json`);
  });

  test.each([
    ['hostile', '__proto__'],
    ['too long', 'ABCDEFGHIJ'],
    ['digits', '1234'],
    ['a class too long', 'BRK.BBB'],
    ['URL-encoded path', '..%2F..%2Fetc'],
    ['URL-encoded space', 'AAPL%20OR%201'],
    ['invisible character', '%E2%80%8BAAPL'],
  ])(
    'an invalid symbol (%s: %s) is 400 in the uniform error body, and nothing is sent',
    async (_form, symbol) => {
      const server = await serve();
      const res = await fetch(`${server.url}/v1/filings/${symbol}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string; details: unknown } };
      expect(body.error.code).toBe('BAD_REQUEST');
      expect(body.error).toHaveProperty('message');
      expect(body.error).toHaveProperty('details');
      expect(d.secEdgar.calls).toHaveLength(0);
    },
  );

  test('the 400 body names the parameter and what a ticker is', async () => {
    const server = await serve();
    const res = await fetch(`${server.url}/v1/filings/__proto__`);
    expect(await res.json()).toMatchInlineSnapshot(`
      {
        "error": {
          "code": "BAD_REQUEST",
          "details": [
            {
              "code": "invalid_format",
              "message": "a ticker is 1 to 6 letters, with a share class such as BRK.B",
              "path": "symbol",
            },
          ],
          "message": "Invalid input.",
        },
      }
    `);
  });
});
