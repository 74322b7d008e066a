// SEC EDGAR through the real client against its double: ticker → CIK (one download of the
// ticker list for every ticker, cached 1 h), a registrant's recent filings with raw 8-K items and
// archive links, "no filer", NOT_FOUND for an unknown CIK, the required SEC_USER_AGENT (nothing
// sent without a declared agent), the SEC's 403 HTML block, 429/5xx, the budget of 10 requests a
// second shared by both hosts, no other variable in any request or answer, and every item of the
// Form 8-K in the label table.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { filingsCik, filingsSubmissions } from '../../src/data/capabilities/sec-edgar.js';
import { createDataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry, type ThrottleRegistry } from '../../src/data/net/throttle.js';
import { secEdgarDescriptor } from '../../src/data/providers/sec-edgar/descriptor.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import { FORM_8K_ITEMS, form8kLabel } from '../../src/data/sources/sec-8k-items.js';
import {
  SEC_BLOCK_PAGE,
  SEC_CIK,
  startSecEdgarServer,
  type SecEdgarDouble,
} from '../vendors/sec-edgar-server.js';
import { fakeClock } from './doubles.js';

const AGENT = 'Example Research Co ops@example.com';
/** Other variables' values: none may reach the SEC or any answer. */
const OTHER_SECRETS = {
  FINNHUB_API_KEY: 'finnhub_0123456789abcdefSECRET',
  FRED_API_KEY: 'fred0123456789abcdef0123456789ab',
  GITHUB_TOKEN: 'ghp_0123456789abcdefTOKENsecret0000001',
  CODEX_API_KEY: 'codex_0123456789abcdefSECRET',
} as const;

let sec: SecEdgarDouble;
beforeAll(async () => {
  sec = await startSecEdgarServer();
});
afterAll(() => sec.close());
beforeEach(() => sec.reset());
afterEach(() => {
  vi.useRealTimers();
});

function env(overrides: Partial<DataEnv> = {}): DataEnv {
  return {
    SEC_USER_AGENT: AGENT,
    SEC_BASE_URL: sec.www.origin,
    SEC_DATA_BASE_URL: sec.data.origin,
    ...OTHER_SECRETS,
    PKG_NET_ALLOW_PRIVATE: '1',
    ...overrides,
  };
}

function client(
  options: { env?: DataEnv; clock?: ReturnType<typeof fakeClock>; throttles?: ThrottleRegistry } = {},
) {
  return createDataClient({
    env: options.env ?? env(),
    providers: [secEdgarDescriptor],
    capabilities: [filingsCik, filingsSubmissions],
    clock: options.clock ?? fakeClock(),
    throttles: options.throttles ?? createThrottleRegistry(),
  });
}

/** No other variable's value appears in what the layer returns. */
function expectNoSecret(value: unknown) {
  const text = JSON.stringify(value);
  for (const secret of Object.values(OTHER_SECRETS)) expect(text).not.toContain(secret);
}

const TICKERS = /^\/files\/company_tickers\.json$/;
const SUBMISSIONS = /^\/submissions\/CIK\d{10}\.json$/;
const ARCHIVE = () => `${sec.www.origin}/Archives/edgar/data`;

describe('filings.cik', () => {
  test('a ticker gives its CIK (10 digits) and name from company_tickers.json, with the declared User-Agent', async () => {
    const c = client();
    const result = await c.run('filings.cik', { ticker: 'aapl' });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'sec-edgar', chain: 'global', fresh: true },
    });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('chainId');
    expect(result.status === 'LIVE' && result.data).toEqual({
      ticker: 'AAPL',
      cik: SEC_CIK.apple,
      name: 'Apple Inc.',
    });
    expect(sec.calls).toHaveLength(1);
    expect(sec.calls[0]).toMatchObject({
      host: 'www',
      path: '/files/company_tickers.json',
      userAgent: AGENT,
    });
    expect(sec.count('data')).toBe(0);
    expectNoSecret(result);
    await c.close();
  });

  test("class shares: BRK.B (the issuer and brokers) is the SEC's BRK-B; a ticker listed twice keeps its first row", async () => {
    const c = client();
    expect(await c.run('filings.cik', { ticker: 'BRK.B' })).toMatchObject({
      status: 'LIVE',
      data: { ticker: 'BRK-B', cik: SEC_CIK.berkshire, name: 'BERKSHIRE HATHAWAY INC' },
    });
    expect(await c.run('filings.cik', { ticker: 'DUPE' })).toMatchObject({
      status: 'LIVE',
      data: { ticker: 'DUPE', cik: '0003333333', name: 'First Listing Corp' },
    });
    await c.close();
  });

  test('cached 1 h (the networks TTL); one download of the list serves every ticker for that hour', async () => {
    const clock = fakeClock();
    const c = client({ clock });
    expect(await c.run('filings.cik', { ticker: 'AAPL' })).toMatchObject({ status: 'LIVE' });
    expect(await c.run('filings.cik', { ticker: 'AAPL' })).toMatchObject({
      status: 'CACHED',
      provenance: { fresh: false, cache: { ttlMs: 3_600_000 } },
    });
    expect(await c.run('filings.cik', { ticker: 'NVDA' })).toMatchObject({
      status: 'LIVE',
      data: { cik: '0001045810', name: 'NVIDIA CORP' },
    });
    expect(sec.count('www', TICKERS)).toBe(1);
    clock.advance(3_600_000 + 1);
    expect(await c.run('filings.cik', { ticker: 'AAPL' })).toMatchObject({ status: 'LIVE' });
    await c.close();
  });

  test('a ticker the SEC does not list is UNAVAILABLE with the reason "no filer"', async () => {
    const c = client();
    const result = await c.run('filings.cik', { ticker: 'QQQM' });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      provider: 'sec-edgar',
      network: 'global',
      answers: [
        { provider: 'sec-edgar', error: expect.stringMatching(/^no data: no filer: .*QQQM/) as unknown },
      ],
    });
    expect(sec.count('www', TICKERS)).toBe(1);
    expectNoSecret(result);
    await c.close();
  });

  test('a ticker that is not a ticker is INVALID_INPUT before any request', async () => {
    const c = client();
    expect(await c.run('filings.cik', { ticker: 'AAPL; rm' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(await c.run('filings.cik', {})).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(sec.calls).toHaveLength(0);
    await c.close();
  });
});

describe('filings.submissions', () => {
  test('recent filings newest first: forms, dates, accession numbers, raw 8-K items, archive links; absent stays absent', async () => {
    const c = client();
    const result = await c.run('filings.submissions', { cik: '320193' });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'sec-edgar', chain: 'global', expiresAt: expect.any(String) as unknown },
    });
    const data = result.status === 'LIVE' ? (result.data as Record<string, unknown>) : {};
    const folder = `${ARCHIVE()}/320193`;
    expect(data).toEqual({
      cik: SEC_CIK.apple,
      name: 'Apple Inc.',
      tickers: ['AAPL'],
      exchanges: ['Nasdaq'],
      entityType: 'operating',
      sicDescription: 'Electronic Computers',
      insiderTransactionsAsIssuer: true,
      recentCount: 6,
      matchedCount: 6,
      olderFiles: 1,
      filings: [
        {
          form: '8-K',
          filingDate: '2026-10-30',
          reportDate: '2026-10-30',
          acceptedAt: '2026-10-30T16:31:05.000Z',
          accessionNumber: '0000320193-26-000071',
          primaryDocument: 'aapl-20261030.htm',
          description: '8-K',
          items: ['2.02', '9.01'],
          url: `${folder}/000032019326000071/aapl-20261030.htm`,
          indexUrl: `${folder}/000032019326000071/0000320193-26-000071-index.htm`,
        },
        {
          form: '4',
          filingDate: '2026-10-28',
          reportDate: '2026-10-24',
          acceptedAt: '2026-10-28T18:40:12.000Z',
          accessionNumber: '0001140361-26-040112',
          primaryDocument: 'xslF345X05/wk-form4_1761690000.xml',
          description: 'FORM 4',
          url: `${folder}/000114036126040112/xslF345X05/wk-form4_1761690000.xml`,
          indexUrl: `${folder}/000114036126040112/0001140361-26-040112-index.htm`,
        },
        {
          form: '8-K/A',
          filingDate: '2026-10-20',
          reportDate: '2026-10-15',
          acceptedAt: '2026-10-20T20:05:00.000Z',
          accessionNumber: '0000320193-26-000068',
          primaryDocument: 'aapl-20261015.htm',
          description: '8-K/A',
          items: ['5.02'],
          url: `${folder}/000032019326000068/aapl-20261015.htm`,
          indexUrl: `${folder}/000032019326000068/0000320193-26-000068-index.htm`,
        },
        {
          form: '10-Q',
          filingDate: '2026-08-01',
          reportDate: '2026-06-27',
          acceptedAt: '2026-08-01T20:01:33.000Z',
          accessionNumber: '0000320193-26-000064',
          primaryDocument: 'aapl-20260627.htm',
          description: '10-Q',
          url: `${folder}/000032019326000064/aapl-20260627.htm`,
          indexUrl: `${folder}/000032019326000064/0000320193-26-000064-index.htm`,
        },
        {
          form: '3',
          filingDate: '2026-07-15',
          acceptedAt: '2026-07-15T21:10:44.000Z',
          accessionNumber: '0001140361-26-031337',
          primaryDocument: 'xslF345X02/form3.xml',
          description: 'FORM 3',
          url: `${folder}/000114036126031337/xslF345X02/form3.xml`,
          indexUrl: `${folder}/000114036126031337/0001140361-26-031337-index.htm`,
        },
        {
          form: 'SC 13G/A',
          filingDate: '2026-02-12',
          acceptedAt: '2026-02-12T15:00:00.000Z',
          accessionNumber: '0000950123-26-002222',
          primaryDocument: 'sc13ga.htm',
          url: `${folder}/000095012326002222/sc13ga.htm`,
          indexUrl: `${folder}/000095012326002222/0000950123-26-002222-index.htm`,
        },
      ],
    });
    expect(sec.calls).toEqual([
      expect.objectContaining({
        host: 'data',
        path: `/submissions/CIK${SEC_CIK.apple}.json`,
        userAgent: AGENT,
      }),
    ]);
    expectNoSecret(result);
    await c.close();
  });

  test('members EDGAR left empty or out are absent, never 0 or ""', async () => {
    const c = client();
    const result = await c.run('filings.submissions', { cik: SEC_CIK.bare });
    expect(result.status === 'LIVE' && result.data).toEqual({
      cik: SEC_CIK.bare,
      name: 'Bare Example Holdings',
      entityType: 'other',
      recentCount: 1,
      matchedCount: 1,
      filings: [
        {
          form: '8-K',
          filingDate: '2026-09-01',
          accessionNumber: '0002222222-26-000001',
          indexUrl: `${ARCHIVE()}/2222222/000222222226000001/0002222222-26-000001-index.htm`,
        },
      ],
    });
    await c.close();
  });

  test('limit: 40 by default, as asked otherwise; forms keeps only those types and counts the matches', async () => {
    const c = client();
    const all = await c.run('filings.submissions', { cik: 1045810 });
    expect(all).toMatchObject({ status: 'LIVE', data: { recentCount: 60, matchedCount: 60, olderFiles: 0 } });
    const filings = all.status === 'LIVE' ? (all.data as { filings: unknown[] }).filings : [];
    expect(filings).toHaveLength(40);
    const few = await c.run('filings.submissions', { cik: '0001045810', limit: 3, forms: ['8-k'] });
    expect(few).toMatchObject({ status: 'LIVE', data: { recentCount: 60, matchedCount: 30 } });
    const kept =
      few.status === 'LIVE' ? (few.data as { filings: { form: string; items: string[] }[] }).filings : [];
    expect(kept.map((f) => [f.form, f.items])).toEqual([
      ['8-K', ['8.01']],
      ['8-K', ['8.01']],
      ['8-K', ['8.01']],
    ]);
    expect(await c.run('filings.submissions', { cik: '320193', limit: 1_001 })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(await c.run('filings.submissions', { cik: '320193', ticker: 'AAPL' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    expect(await c.run('filings.submissions', { cik: '0' })).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_INPUT',
    });
    await c.close();
  });

  test('by ticker: the CIK comes from the ticker list (www), the filings from the submissions API (data)', async () => {
    const c = client();
    const result = await c.run('filings.submissions', { ticker: 'AAPL', limit: 1 });
    expect(result).toMatchObject({
      status: 'LIVE',
      data: { cik: SEC_CIK.apple, filings: [{ form: '8-K', items: ['2.02', '9.01'] }] },
    });
    expect(sec.calls.map((x) => [x.host, x.path])).toEqual([
      ['www', '/files/company_tickers.json'],
      ['data', `/submissions/CIK${SEC_CIK.apple}.json`],
    ]);
    const none = await c.run('filings.submissions', { ticker: 'SPY' });
    expect(none).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'sec-edgar', error: expect.stringMatching(/^no data: no filer/) as unknown }],
    });
    expect(sec.count('data')).toBe(1);
    await c.close();
  });

  test('an unknown CIK: HTTP 404 is NOT_FOUND', async () => {
    const c = client();
    const result = await c.run('filings.submissions', { cik: '9999999' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
      message: 'EDGAR has no registrant with CIK 0009999999',
      attemptedProviders: [{ provider: 'sec-edgar' }],
    });
    expect(sec.count('data', SUBMISSIONS)).toBe(1);
    await c.close();
  });
});

describe('the declared User-Agent (SEC_USER_AGENT)', () => {
  test('without SEC_USER_AGENT: unconfigured naming the variable, UNAVAILABLE, and nothing is sent', async () => {
    const c = client({ env: env({ SEC_USER_AGENT: undefined }) });
    const result = await c.run('filings.cik', { ticker: 'AAPL' });
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      code: 'CAPABILITY_UNAVAILABLE',
      answers: [
        { provider: 'sec-edgar', error: 'not configured (SEC_USER_AGENT: a name and a contact email)' },
      ],
    });
    expect(await c.run('filings.submissions', { cik: '320193' })).toMatchObject({ status: 'UNAVAILABLE' });
    expect(c.providers.list()).toEqual([
      expect.objectContaining({
        id: 'sec-edgar',
        configured: false,
        reason: 'not configured (SEC_USER_AGENT: a name and a contact email)',
        capabilities: ['filings.cik', 'filings.submissions'],
      }),
    ]);
    const health = await c.providers.health();
    expect(health.sections['sec-edgar']).toMatchObject({ status: 'UNAVAILABLE' });
    expect(sec.www.requests + sec.data.requests).toBe(0);
    expect(sec.www.connections + sec.data.connections).toBe(0);
    await c.close();
  });

  test.each([
    ['no email', 'Example Research Co', 'has no contact email'],
    ['an email without a name', 'ops@example.com', 'has no name besides the email'],
    [
      'a line break',
      'Example Co ops@example.com\r\nX-Injected: 1',
      'has characters other than printable ASCII',
    ],
    ['only spaces', '   ', undefined],
  ])('a value with %s is refused as unconfigured, saying why; nothing is sent', async (_case, agent, why) => {
    const c = client({ env: env({ SEC_USER_AGENT: agent }) });
    const result = await c.run('filings.cik', { ticker: 'AAPL' });
    const reason = why
      ? `not configured (SEC_USER_AGENT ${why}: a name and a contact email, e.g. "Example Co admin@example.com")`
      : 'not configured (SEC_USER_AGENT: a name and a contact email)';
    expect(result).toMatchObject({
      status: 'UNAVAILABLE',
      answers: [{ provider: 'sec-edgar', error: reason }],
    });
    expect(sec.www.requests + sec.data.requests).toBe(0);
    await c.close();
  });

  test("the defaults are the SEC's own hosts; the overrides replace them (and only they are allowed)", () => {
    expect(secEdgarDescriptor.configure({ SEC_USER_AGENT: AGENT })).toMatchObject({
      url: 'https://www.sec.gov',
      dataUrl: 'https://data.sec.gov',
      userAgent: AGENT,
      secrets: [],
    });
    expect(secEdgarDescriptor.defaultUrls).toEqual(['https://www.sec.gov', 'https://data.sec.gov']);
    expect(secEdgarDescriptor.configuredUrls(env())).toEqual([sec.www.origin, sec.data.origin]);
    expect(secEdgarDescriptor.configure(env())).toMatchObject({
      url: sec.www.origin,
      dataUrl: sec.data.origin,
    });
  });

  test('the double answers 403 HTML to an undeclared agent and JSON to a declared one', async () => {
    const bare = await fetch(`${sec.www.origin}/files/company_tickers.json`, {
      headers: { 'user-agent': 'python-requests/2.32.3' },
    });
    expect(bare.status).toBe(403);
    expect(bare.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await bare.text()).toContain('Undeclared Automated Tool');
    const declared = await fetch(`${sec.data.origin}/submissions/CIK${SEC_CIK.apple}.json`, {
      headers: { 'user-agent': AGENT },
    });
    expect(declared.status).toBe(200);
    expect(declared.headers.get('content-type')).toBe('application/json');
    expect(((await declared.json()) as { name: string }).name).toBe('Apple Inc.');
  });

  test("the SEC's 403 HTML block is RATE_LIMITED, with its 10 minutes and the variable to check; no HTML in the answer", async () => {
    const c = client();
    sec.blocked = true;
    const result = await c.run('filings.submissions', { cik: '320193' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        {
          provider: 'sec-edgar',
          error: expect.stringMatching(
            /^rate_limited: submissions of CIK 0000320193: HTTP 403, the SEC's fair-access block .*10 minutes.*SEC_USER_AGENT/,
          ) as unknown,
        },
      ],
    });
    expect(JSON.stringify(result)).not.toContain('<html');
    expect(JSON.stringify(result)).not.toContain(SEC_BLOCK_PAGE.slice(0, 40));
    expect(sec.calls[0]?.userAgent).toBe(AGENT);
    await c.close();
  });
});

describe('errors and health', () => {
  test('HTTP 429 is RATE_LIMITED; 5xx is a transient failure; a non-JSON or unexpected 200 is a failure', async () => {
    const clock = fakeClock();
    const c = client({ clock });
    sec.failNext.push({ host: 'data', status: 429, headers: { 'retry-after': '2' }, body: {} });
    expect(await c.run('filings.submissions', { cik: '320193' })).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [
        { provider: 'sec-edgar', error: 'rate_limited: submissions of CIK 0000320193: HTTP 429' },
      ],
    });
    sec.failNext.push({ host: 'www', status: 503, raw: 'Service Unavailable' });
    expect(await c.run('filings.cik', { ticker: 'AAPL' })).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'sec-edgar', error: 'company_tickers.json: HTTP 503' }],
    });
    sec.failNext.push({ host: 'data', status: 200, raw: '<html>maintenance</html>' });
    expect(await c.run('filings.submissions', { cik: '320193', fresh: true })).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'sec-edgar', error: 'submissions of CIK 0000320193: non-JSON response (HTTP 200)' },
      ],
    });
    // Three failures in a row: the 30 s cool-down of the router, then EDGAR is asked again.
    expect(await c.run('filings.submissions', { cik: '320193', fresh: true })).toMatchObject({
      status: 'UNAVAILABLE',
    });
    clock.advance(30_001);
    sec.failNext.push({ host: 'data', status: 200, body: { cik: '320193', filings: {} } });
    expect(await c.run('filings.submissions', { cik: '320193', fresh: true })).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'sec-edgar', error: 'submissions of CIK 0000320193: unexpected payload (HTTP 200)' },
      ],
    });
    await c.close();
  });

  test('a failed ticker list is not kept: the next request downloads it again', async () => {
    const c = client();
    sec.failNext.push({ host: 'www', status: 500, raw: 'oops' });
    expect(await c.run('filings.cik', { ticker: 'AAPL' })).toMatchObject({ status: 'ERROR' });
    expect(await c.run('filings.cik', { ticker: 'AAPL' })).toMatchObject({ status: 'LIVE' });
    expect(sec.count('www', TICKERS)).toBe(2);
    await c.close();
  });

  test('health: one request (the ticker list), its row count; the listing shows both bases, not the agent', async () => {
    const c = client();
    const health = await c.providers.health();
    expect(health.sections['sec-edgar']).toMatchObject({ status: 'LIVE', data: { tickers: 5 } });
    expect(sec.calls.map((x) => x.path)).toEqual(['/files/company_tickers.json']);
    const [listing] = c.providers.list();
    expect(listing).toMatchObject({ id: 'sec-edgar', configured: true });
    expect(listing?.endpoint).toBe(
      `${sec.www.origin}/files/company_tickers.json, ${sec.data.origin}/submissions/... (User-Agent from SEC_USER_AGENT)`,
    );
    expectNoSecret([health, c.providers.list()]);
    await c.close();
  });

  test('no other variable is sent to the SEC or shown: only the declared agent travels', async () => {
    const c = client();
    const answers = [
      await c.run('filings.cik', { ticker: 'AAPL' }),
      await c.run('filings.submissions', { ticker: 'NVDA' }),
      await c.run('filings.cik', { ticker: 'NONE' }),
      await c.run('filings.submissions', { cik: '9999999' }),
    ];
    sec.blocked = true;
    answers.push(await c.run('filings.submissions', { cik: SEC_CIK.bare }));
    expectNoSecret(answers);
    const sent = JSON.stringify(sec.calls);
    for (const secret of Object.values(OTHER_SECRETS)) expect(sent).not.toContain(secret);
    expect(sec.calls.every((x) => x.userAgent === AGENT)).toBe(true);
    expect(
      sec.calls.every((x) => x.headers.authorization === undefined && x.headers.cookie === undefined),
    ).toBe(true);
    await c.close();
  });
});

describe('at most 10 requests a second across the process', () => {
  test('the descriptor declares the budget; both hosts share it; an 11th request in the same second waits for the next', async () => {
    expect(secEdgarDescriptor.throttle).toEqual({ requests: 10, windowMs: 1_000 });
    const T0 = Date.UTC(2026, 9, 1, 12, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);

    // The real registry, watched: what it was asked for, who entered the budget and when each got through.
    const registry = createThrottleRegistry();
    const budgets: [string, number, number | undefined][] = [];
    const admittedAt: number[] = [];
    let entered = 0;
    let onEleventh: () => void = () => undefined;
    const eleventhEntered = new Promise<void>((resolve) => {
      onEleventh = resolve;
    });
    const throttles: ThrottleRegistry = (provider, perWindow, windowMs) => {
      budgets.push([provider, perWindow, windowMs]);
      const throttle = registry(provider, perWindow, windowMs);
      return {
        perWindow: throttle.perWindow,
        admit: async (timeoutMs) => {
          entered += 1;
          if (entered === 11) onEleventh();
          const waited = await throttle.admit(timeoutMs);
          admittedAt.push(Date.now());
          return waited;
        },
      };
    };
    const c = client({ throttles });
    expect(budgets).toEqual([['sec-edgar', 10, 1_000]]);

    // Ten requests in the same (fake) second: one to www.sec.gov, nine to data.sec.gov.
    expect(await c.run('filings.cik', { ticker: 'AAPL' })).toMatchObject({ status: 'LIVE' });
    const nine = await Promise.all(
      Array.from({ length: 9 }, () => c.run('filings.submissions', { cik: '320193', fresh: true })),
    );
    expect(nine.map((r) => r.status)).toEqual(Array.from({ length: 9 }, () => 'LIVE'));
    expect(sec.count('www') + sec.count('data')).toBe(10);
    expect(sec.calls.every((x) => x.at === T0)).toBe(true);

    // The 11th, later in the same second, enters the budget and is held there: not admitted, not sent.
    vi.setSystemTime(T0 + 999);
    const eleventh = c.run('filings.submissions', { cik: '320193', fresh: true });
    await eleventhEntered;
    // Let every pending callback of this turn run (no timer: a check-phase callback).
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(admittedAt).toHaveLength(10);
    expect(sec.count('data')).toBe(9);

    // The next second opens: it goes through and reaches the SEC.
    vi.setSystemTime(T0 + 1_000);
    expect(await eleventh).toMatchObject({ status: 'LIVE' });
    expect(admittedAt).toHaveLength(11);
    expect(admittedAt[10]).toBeGreaterThanOrEqual(T0 + 1_000);
    expect(sec.count('data')).toBe(10);
    expect(sec.calls.at(-1)?.at).toBeGreaterThanOrEqual(T0 + 1_000);
    await c.close();
  });
});

describe('Form 8-K items (sources/sec-8k-items.ts)', () => {
  // Every item of the SEC's Form 8-K (https://www.sec.gov/files/form8-k.pdf), section by section.
  const FORM_8K = [
    ['1.01', '1.02', '1.03', '1.04', '1.05'],
    ['2.01', '2.02', '2.03', '2.04', '2.05', '2.06'],
    ['3.01', '3.02', '3.03'],
    ['4.01', '4.02'],
    ['5.01', '5.02', '5.03', '5.04', '5.05', '5.06', '5.07', '5.08'],
    ['6.01', '6.02', '6.03', '6.04', '6.05', '6.06', '6.10'],
    ['7.01'],
    ['8.01'],
    ['9.01'],
  ].flat();

  test('the table has every item of the form, once, in order, each with its section, title and a plain label', () => {
    expect(FORM_8K_ITEMS.map((i) => i.item)).toEqual(FORM_8K);
    for (const entry of FORM_8K_ITEMS) {
      expect(entry.section).toBe(Number(entry.item.slice(0, 1)));
      expect(entry.title.length).toBeGreaterThan(3);
      expect(entry.label).toMatch(/^[a-z(]/);
      expect(entry.label).not.toBe(entry.title);
    }
    expect(new Set(FORM_8K_ITEMS.map((i) => i.label)).size).toBe(FORM_8K_ITEMS.length);
  });

  test("the filings card's examples and EDGAR's raw numbers map to plain labels; a number the form lacks has none", () => {
    expect(form8kLabel('2.02')).toBe('earnings');
    expect(form8kLabel('5.02')).toBe('director or officer change');
    expect(form8kLabel(' 9.01 ')).toBe('financial statements and exhibits');
    expect(form8kLabel('1.05')).toBe('cybersecurity incident');
    expect(form8kLabel('6.10')).toBe('asset-backed securities alternative filing');
    expect(form8kLabel('6.07')).toBeUndefined();
    expect(form8kLabel('12')).toBeUndefined();
  });
});
