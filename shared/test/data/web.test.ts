// The web providers, Tavily (first), Exa (second) and Firecrawl (third), through the real client
// against their doubles: every order of the web routing table (who served, `fallbackFrom`, and
// that a provider outside a capability's order is never asked), a pinned provider with no
// fallback, every web row of the error table (status, code, provider state, one request: no
// retry), results cached 5 minutes, page text capped at maxCharacters with `truncated`, usage
// passed through as reported (absent when not), `untrusted: true` on every page, each vendor's
// request form and answer shape, health, and the refusal corpus: caller-supplied targets that are
// not public http(s) hosts are INVALID_INPUT with zero connections to any double, whatever
// PKG_NET_ALLOW_PRIVATE says. No key appears in any result.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient, type DataClient } from '../../src/data/client.js';
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { exaDescriptor } from '../../src/data/providers/exa/descriptor.js';
import { firecrawlDescriptor } from '../../src/data/providers/firecrawl/descriptor.js';
import { tavilyDescriptor } from '../../src/data/providers/tavily/descriptor.js';
import { resultSchema, type Result } from '../../src/contract/result-schema.js';
import type {
  WebAnswerResult,
  WebExtractResult,
  WebMapResult,
  WebPage,
  WebSearchResult,
  WebSimilarResult,
} from '../../src/data/web/web-types.js';
import { EXA_ANSWER, EXA_COST, exaError, startExaServer, type ExaDouble } from '../vendors/exa-server.js';
import {
  FIRECRAWL_MAP_LINKS,
  firecrawlError,
  firecrawlSearchCredits,
  startFirecrawlServer,
  type FirecrawlDouble,
} from '../vendors/firecrawl-server.js';
import {
  TAVILY_ANSWER,
  TAVILY_CREDITS,
  TAVILY_MAP_PATHS,
  pageText,
  startTavilyServer,
  tavilyError,
  type QueuedAnswer,
  type TavilyDouble,
} from '../vendors/tavily-server.js';
import { fakeClock } from './doubles.js';

const KEYS = {
  tavily: 'tvly-dev-0123456789abcdefSECRET',
  exa: 'exa-0123456789abcdef-0123-SECRET',
  firecrawl: 'fc-0123456789abcdef0123456789SECRET',
} as const;
const PUBLIC = 'https://example.com/';
const HTML_502 = '<html><body><h1>502 Bad Gateway</h1></body></html>';

let tv: TavilyDouble;
let ex: ExaDouble;
let fc: FirecrawlDouble;
const open: DataClient[] = [];

beforeAll(async () => {
  [tv, ex, fc] = await Promise.all([
    startTavilyServer(KEYS.tavily),
    startExaServer(KEYS.exa),
    startFirecrawlServer(KEYS.firecrawl),
  ]);
});
afterAll(() => Promise.all([tv.close(), ex.close(), fc.close()]));
beforeEach(() => {
  tv.reset();
  ex.reset();
  fc.reset();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A client on the three doubles; a variable set to null is left out. */
function client(overrides: Partial<Record<keyof DataEnv, string | null>> = {}, clock = fakeClock()) {
  const env: Record<string, string | null> = {
    TAVILY_BASE_URL: tv.origin,
    TAVILY_API_KEY: KEYS.tavily,
    EXA_BASE_URL: ex.origin,
    EXA_API_KEY: KEYS.exa,
    FIRECRAWL_BASE_URL: fc.origin,
    FIRECRAWL_API_KEY: KEYS.firecrawl,
    PKG_NET_ALLOW_PRIVATE: '1',
    ...overrides,
  };
  const c = createDataClient({
    env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== null)) as DataEnv,
    providers: [tavilyDescriptor, exaDescriptor, firecrawlDescriptor],
    clock,
    throttles: createThrottleRegistry(),
  });
  open.push(c);
  return c;
}

const requests = () => ({ tavily: tv.requests, exa: ex.requests, firecrawl: fc.requests });
const connections = () => tv.connections + ex.connections + fc.connections;
const served = <T>(result: Result): T => {
  if (result.status !== 'LIVE' && result.status !== 'CACHED')
    throw new Error(`expected data, got ${JSON.stringify(result)}`);
  return result.data as T;
};
const state = (c: DataClient, id: string) => c.providers.list().find((p) => p.id === id)?.state;
const bodies = (
  double: { calls: { path: string; body?: Record<string, unknown> | undefined }[] },
  path: RegExp,
) => double.calls.filter((call) => path.test(call.path)).map((call) => call.body);

/** No key in what the layer returned. */
function expectNoSecret(value: unknown) {
  const text = JSON.stringify(value);
  for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
}

/** Every page untrusted, with text only under the cap and `truncated` beside it. */
function expectPages(pages: WebPage[], maxCharacters = 5_000) {
  expect(pages.length).toBeGreaterThan(0);
  for (const page of pages) {
    expect(page.untrusted).toBe(true);
    if (page.text !== undefined) {
      expect(page.text.length).toBeLessThanOrEqual(maxCharacters);
      expect(typeof page.truncated).toBe('boolean');
    } else expect(page).not.toHaveProperty('truncated');
  }
}

const fail = (
  status: number,
  body: unknown,
  match?: RegExp,
  headers?: Record<string, string>,
): QueuedAnswer => ({
  status,
  body,
  ...(match ? { match } : {}),
  ...(headers ? { headers } : {}),
});

describe('web routing table', () => {
  test('web.search: Tavily first; Exa and Firecrawl are not asked', async () => {
    const c = client();
    const result = await c.web.search({ query: 'robinhood chain' });
    expect(resultSchema.parse(result)).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'tavily', chain: 'global', fresh: true },
    });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('chainId');
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('fallbackFrom');
    expect(requests()).toEqual({ tavily: 1, exa: 0, firecrawl: 0 });
    expectNoSecret(result);
  });

  test('web.search: Tavily 502 → Exa serves; Tavily 402 and Exa 500 → Firecrawl serves', async () => {
    tv.failNext.push({ status: 502, raw: HTML_502 });
    const second = await client().web.search({ query: 'second' });
    expect(second).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'exa',
        fallbackFrom: [{ provider: 'tavily', error: 'tavily POST /search: non-JSON response (HTTP 502)' }],
      },
    });
    expect(requests()).toEqual({ tavily: 1, exa: 1, firecrawl: 0 });

    tv.failNext.push(fail(402, tavilyError('This request requires more credits.')));
    ex.failNext.push(fail(500, exaError(500, 'Internal server error', 'INTERNAL_ERROR')));
    const third = await client().web.search({ query: 'third' });
    expect(third).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'firecrawl',
        fallbackFrom: [
          {
            provider: 'tavily',
            error: expect.stringContaining('out of credits (tavily POST /search: HTTP 402'),
          },
          {
            provider: 'exa',
            error: expect.stringContaining('HTTP 500 Internal server error (INTERNAL_ERROR)'),
          },
        ],
      },
    });
    expect(requests()).toEqual({ tavily: 2, exa: 2, firecrawl: 1 });
    expectNoSecret([second, third]);
  });

  test('web.extract: Tavily, then Firecrawl, then Exa last', async () => {
    const first = await client().web.extract({ urls: [PUBLIC] });
    expect(first).toMatchObject({ status: 'LIVE', provenance: { source: 'tavily' } });
    expect(requests()).toEqual({ tavily: 1, exa: 0, firecrawl: 0 });

    tv.reset();
    tv.failNext.push(fail(500, tavilyError('Internal Server Error')));
    const second = await client().web.extract({ urls: [PUBLIC] });
    expect(second).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'firecrawl', fallbackFrom: [{ provider: 'tavily' }] },
    });
    expect(requests()).toEqual({ tavily: 1, exa: 0, firecrawl: 1 });

    tv.reset();
    fc.reset();
    tv.failNext.push(fail(402, tavilyError('This request requires more credits.')));
    fc.failNext.push(fail(503, firecrawlError('(Internal server error) - service unavailable')));
    const third = await client().web.extract({ urls: [PUBLIC] });
    expect(third).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'exa', fallbackFrom: [{ provider: 'tavily' }, { provider: 'firecrawl' }] },
    });
    expect(requests()).toEqual({ tavily: 1, exa: 1, firecrawl: 1 });
  });

  test('web.map: Firecrawl first, then Tavily; Exa is never asked', async () => {
    const first = await client().web.map({ url: PUBLIC });
    expect(first).toMatchObject({ status: 'LIVE', provenance: { source: 'firecrawl' } });
    expect(requests()).toEqual({ tavily: 0, exa: 0, firecrawl: 1 });

    fc.failNext.push(fail(502, firecrawlError('(Internal server error) - bad gateway')));
    const second = await client().web.map({ url: PUBLIC });
    expect(second).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'tavily', fallbackFrom: [{ provider: 'firecrawl' }] },
    });
    expect(requests()).toEqual({ tavily: 1, exa: 0, firecrawl: 2 });

    fc.failNext.push(fail(500, firecrawlError('boom')));
    tv.failNext.push(fail(500, tavilyError('boom')));
    const none = await client().web.map({ url: PUBLIC });
    expect(none).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'firecrawl' }, { provider: 'tavily' }],
    });
    expect(ex.requests).toBe(0);
  });

  test('web.similar: Exa only; Tavily and Firecrawl never get a similar request', async () => {
    const result = await client().web.similar({ url: PUBLIC });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'exa' } });
    ex.failNext.push(fail(500, exaError(500, 'Internal server error', 'INTERNAL_ERROR')));
    const failed = await client().web.similar({ url: PUBLIC });
    expect(failed).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'exa' }],
    });
    expect(requests()).toEqual({ tavily: 0, exa: 2, firecrawl: 0 });
    const noKey = await client({ EXA_API_KEY: null }).web.similar({ url: PUBLIC });
    expect(noKey).toMatchObject({ status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE' });
    expect(requests()).toEqual({ tavily: 0, exa: 2, firecrawl: 0 });
  });

  test('web.answer: Tavily, then Exa; Firecrawl is never asked', async () => {
    const first = await client().web.answer({ query: 'What is Robinhood Chain?' });
    expect(first).toMatchObject({ status: 'LIVE', provenance: { source: 'tavily' } });
    tv.failNext.push(fail(503, tavilyError('Service Unavailable')));
    const second = await client().web.answer({ query: 'What is Robinhood Chain?' });
    expect(second).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'exa', fallbackFrom: [{ provider: 'tavily' }] },
    });
    tv.failNext.push(fail(500, tavilyError('boom')));
    ex.failNext.push(fail(402, exaError(402, 'You have run out of credits', 'NO_MORE_CREDITS')));
    const none = await client().web.answer({ query: 'What is Robinhood Chain?' });
    expect(none).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'tavily' }, { provider: 'exa' }],
    });
    expect(requests()).toEqual({ tavily: 3, exa: 2, firecrawl: 0 });
  });

  test('a Tavily answer without an answer is no data: Exa answers, the reason recorded', async () => {
    tv.noAnswer = true;
    const result = await client().web.answer({ query: 'unanswerable?' });
    expect(result).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'exa',
        fallbackFrom: [
          { provider: 'tavily', error: 'no data: tavily POST /search: no answer for this question' },
        ],
      },
    });
  });
});

describe('a pinned provider, no fallback', () => {
  test('provider: firecrawl serves web.search alone', async () => {
    const result = await client().web.search({ query: 'pinned', provider: 'firecrawl' });
    expect(result).toMatchObject({ status: 'LIVE', provenance: { source: 'firecrawl' } });
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('fallbackFrom');
    expect(requests()).toEqual({ tavily: 0, exa: 0, firecrawl: 1 });
  });

  test.each([
    ['tavily', 'search', () => tv.failNext.push(fail(502, tavilyError('Bad Gateway')))],
    [
      'exa',
      'search',
      () => ex.failNext.push(fail(500, exaError(500, 'Internal server error', 'INTERNAL_ERROR'))),
    ],
    ['firecrawl', 'search', () => fc.failNext.push(fail(402, firecrawlError('Insufficient credits.')))],
    [
      'tavily',
      'extract',
      () => tv.failNext.push(fail(402, tavilyError('This request requires more credits.'))),
    ],
    ['exa', 'extract', () => ex.failNext.push(fail(503, exaError(503, 'Overloaded', 'SERVICE_OVERLOADED')))],
    [
      'firecrawl',
      'extract',
      () => fc.failNext.push(fail(500, firecrawlError('(Internal server error) - x'))),
    ],
    ['tavily', 'map', () => tv.failNext.push(fail(500, tavilyError('boom')))],
    ['tavily', 'answer', () => tv.failNext.push(fail(500, tavilyError('boom')))],
    ['exa', 'answer', () => ex.failNext.push(fail(500, exaError(500, 'boom', 'INTERNAL_ERROR')))],
  ] as const)(
    'pinned %s fails web.%s: ERROR, the others get zero requests',
    async (provider, op, arrange) => {
      arrange();
      const c = client();
      const result =
        op === 'search'
          ? await c.web.search({ query: 'pinned', provider })
          : op === 'extract'
            ? await c.web.extract({ urls: [PUBLIC], provider })
            : op === 'map'
              ? await c.web.map({ url: PUBLIC, provider })
              : await c.web.answer({ query: 'pinned?', provider });
      expect(result).toMatchObject({
        status: 'ERROR',
        code: 'ALL_PROVIDERS_FAILED',
        attemptedProviders: [{ provider }],
      });
      const counts = requests();
      expect(counts[provider]).toBe(1);
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1);
      expectNoSecret(result);
    },
  );

  test('pinning a provider outside the capability is UNAVAILABLE with no request', async () => {
    const c = client();
    expect(await c.web.similar({ url: PUBLIC, provider: 'firecrawl' })).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'firecrawl does not offer web.similar for global',
    });
    expect(await c.web.map({ url: PUBLIC, provider: 'exa' })).toMatchObject({ status: 'UNAVAILABLE' });
    expect(await c.web.answer({ query: 'q', provider: 'firecrawl' })).toMatchObject({
      status: 'UNAVAILABLE',
    });
    expect(requests()).toEqual({ tavily: 0, exa: 0, firecrawl: 0 });
  });
});

type Vendor = 'tavily' | 'exa' | 'firecrawl';
/** Where each vendor is first: Tavily for search (Exa next), Exa for similar (alone), Firecrawl for map (Tavily next). */
const FIRST: Record<Vendor, { run: (c: DataClient, pin?: Vendor) => Promise<Result>; next?: Vendor }> = {
  tavily: {
    run: (c, pin) => c.web.search({ query: 'error row', ...(pin ? { provider: pin } : {}) }),
    next: 'exa',
  },
  exa: { run: (c, pin) => c.web.similar({ url: PUBLIC, ...(pin ? { provider: pin } : {}) }) },
  firecrawl: {
    run: (c, pin) => c.web.map({ url: PUBLIC, ...(pin ? { provider: 'firecrawl' } : {}) }),
    next: 'tavily',
  },
};
const doubleOf = (v: Vendor) => ({ tavily: tv, exa: ex, firecrawl: fc })[v];
const errorBody = (v: Vendor, message: string, status: number) =>
  v === 'tavily'
    ? tavilyError(message)
    : v === 'exa'
      ? exaError(status, message, 'TAG')
      : firecrawlError(message);

type Row = [string, Vendor, number, 'auth_failed' | 'rate_limited' | 'refused' | 'failure'];
const ROWS: Row[] = [];
for (const v of ['tavily', 'exa', 'firecrawl'] as const) {
  ROWS.push([`${v} 401`, v, 401, 'auth_failed'], [`${v} 403`, v, 403, 'auth_failed']);
  ROWS.push([`${v} 429`, v, 429, 'rate_limited']);
  if (v === 'tavily') ROWS.push([`${v} 432`, v, 432, 'rate_limited'], [`${v} 433`, v, 433, 'rate_limited']);
  ROWS.push([`${v} 400`, v, 400, 'refused'], [`${v} 422`, v, 422, 'refused']);
  ROWS.push(
    [`${v} 402`, v, 402, 'failure'],
    [`${v} 500`, v, 500, 'failure'],
    [`${v} 503`, v, 503, 'failure'],
  );
}

describe('error table, web rows', () => {
  /** The vendor's own message, carrying the key to prove redaction. */
  const message = (status: number) =>
    `vendor says ${status} for key ${KEYS.tavily}${KEYS.exa}${KEYS.firecrawl}`;
  const arrange = (v: Vendor, status: number) => {
    const headers = status === 429 || status === 432 ? { 'retry-after': '30' } : undefined;
    doubleOf(v).failNext.push(fail(status, errorBody(v, message(status), status), undefined, headers));
  };

  test.each(ROWS)('%s pinned: status, code, provider state, one request', async (_name, v, status, kind) => {
    arrange(v, status);
    const c = client();
    const result = await FIRST[v].run(c, v);
    const code =
      kind === 'refused'
        ? 'PROVIDER_ERROR'
        : kind === 'rate_limited'
          ? 'RATE_LIMITED'
          : 'ALL_PROVIDERS_FAILED';
    expect(resultSchema.parse(result)).toMatchObject({ status: 'ERROR', code });
    const text = JSON.stringify(result);
    expect(text).toContain(`HTTP ${status}`);
    expect(text).toContain(`vendor says ${status}`);
    expectNoSecret(result);
    if (kind !== 'refused') {
      const prefix = kind === 'failure' ? '' : `${kind}: `;
      expect(result.status === 'ERROR' && result.attemptedProviders).toEqual([
        { provider: v, error: expect.stringMatching(new RegExp(`^${prefix}`)) as unknown },
      ]);
    }
    // No retry on any row: exactly one request.
    expect(doubleOf(v).requests).toBe(1);
    if (kind === 'auth_failed') {
      expect(state(c, v)).toMatchObject({ status: 'auth_failed' });
      const again = await FIRST[v].run(c, v);
      expect(again).toMatchObject({ status: 'UNAVAILABLE' });
      expect(doubleOf(v).requests).toBe(1);
      expectNoSecret([again, c.providers.list()]);
    } else {
      expect(state(c, v)).toMatchObject({
        status: 'eligible',
        consecutiveFailures: kind === 'refused' ? 0 : 1,
      });
    }
  });

  test.each(ROWS)(
    '%s unpinned: 400/422 stop; the others move to the next provider',
    async (_name, v, status, kind) => {
      arrange(v, status);
      const c = client();
      const result = await FIRST[v].run(c);
      const next = FIRST[v].next;
      const others = (['tavily', 'exa', 'firecrawl'] as const).filter((o) => o !== v);
      if (kind === 'refused') {
        expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
        for (const o of others) expect(doubleOf(o).requests).toBe(0);
      } else if (next) {
        expect(result).toMatchObject({
          status: 'LIVE',
          provenance: {
            source: next,
            fallbackFrom: [{ provider: v, error: expect.stringContaining(`HTTP ${status}`) }],
          },
        });
        expect(doubleOf(next).requests).toBe(1);
      } else {
        expect(result).toMatchObject({ status: 'ERROR' });
        for (const o of others) expect(doubleOf(o).requests).toBe(0);
      }
      expectNoSecret(result);
    },
  );

  test('a 401 from a wrong key: auth_failed, skipped afterwards, the next provider serves', async () => {
    const c = client({ TAVILY_API_KEY: 'tvly-dev-WRONG0123456789abcdef' });
    const first = await c.web.search({ query: 'one' });
    expect(first).toMatchObject({
      status: 'LIVE',
      provenance: {
        source: 'exa',
        fallbackFrom: [
          {
            provider: 'tavily',
            error:
              'auth_failed: key rejected (tavily POST /search: HTTP 401 Unauthorized: missing or invalid API key.)',
          },
        ],
      },
    });
    expect(state(c, 'tavily')).toMatchObject({ status: 'auth_failed' });
    await c.web.search({ query: 'two' });
    expect(tv.requests).toBe(1);
    expect(ex.requests).toBe(2);
    expect(JSON.stringify([first, c.providers.list()])).not.toContain('tvly-dev-WRONG0123456789abcdef');
  });

  test('Exa 400 after a Tavily 5xx: PROVIDER_ERROR, Firecrawl not asked', async () => {
    tv.failNext.push(fail(502, tavilyError('Bad Gateway')));
    ex.failNext.push(fail(400, exaError(400, 'numResults must be at most 100', 'INVALID_NUM_RESULTS')));
    const result = await client().web.search({ query: 'refused' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      message: 'exa POST /search: HTTP 400 numResults must be at most 100 (INVALID_NUM_RESULTS)',
      attemptedProviders: [{ provider: 'tavily' }, { provider: 'exa' }],
    });
    expect(fc.requests).toBe(0);
  });

  test('Tavily 422 validation detail (FastAPI list) is the message', async () => {
    tv.failNext.push(
      fail(422, { detail: [{ loc: ['body', 'max_results'], msg: 'value is not valid', type: 'x' }] }),
    );
    const result = await client().web.search({ query: 'q' });
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'PROVIDER_ERROR',
      message: 'tavily POST /search: HTTP 422 value is not valid',
    });
  });

  test('a 200 that is not JSON, or not the documented shape, is a failure', async () => {
    tv.failNext.push({ status: 200, raw: '<html>ok</html>' });
    ex.failNext.push(fail(200, { results: 'not a list' }));
    const result = await client().web.search({ query: 'odd', provider: 'tavily' });
    expect(result).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'tavily', error: 'tavily POST /search: non-JSON response (HTTP 200)' },
      ],
    });
    const exa = await client().web.search({ query: 'odd', provider: 'exa' });
    expect(exa).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [{ provider: 'exa', error: 'exa POST /search: unexpected payload (HTTP 200)' }],
    });
  });

  test('Firecrawl 200 with success false is a failure', async () => {
    fc.failNext.push(fail(200, { success: false, error: 'Map failed' }));
    const result = await client().web.map({ url: PUBLIC, provider: 'firecrawl' });
    expect(result).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'firecrawl', error: 'firecrawl POST /v2/map: success false Map failed' },
      ],
    });
  });
});

describe('cache', () => {
  test('web results are cached 5 minutes: CACHED with one request, then a new request', async () => {
    const clock = fakeClock();
    const c = client({}, clock);
    const first = await c.web.search({ query: 'cache me' });
    expect(first).toMatchObject({ status: 'LIVE' });
    const fetchedAt = first.status === 'LIVE' ? Date.parse(first.provenance.fetchedAt) : 0;
    expect(first.status === 'LIVE' && first.provenance.expiresAt).toBe(
      new Date(fetchedAt + 300_000).toISOString(),
    );
    const second = await c.web.search({ query: 'cache me' });
    expect(second).toMatchObject({
      status: 'CACHED',
      data: served(first),
      provenance: { source: 'tavily', fresh: false, cache: { ttlMs: 300_000 } },
    });
    expect(tv.requests).toBe(1);
    clock.advance(299_999);
    expect(await c.web.search({ query: 'cache me' })).toMatchObject({ status: 'CACHED' });
    expect(tv.requests).toBe(1);
    clock.advance(1);
    expect(await c.web.search({ query: 'cache me' })).toMatchObject({ status: 'LIVE' });
    expect(tv.requests).toBe(2);
  });

  test('each capability caches; a pinned request is its own entry', async () => {
    const c = client();
    for (let i = 0; i < 2; i++) {
      await c.web.extract({ urls: [PUBLIC] });
      await c.web.map({ url: PUBLIC });
      await c.web.similar({ url: PUBLIC });
      await c.web.answer({ query: 'cached?' });
      await c.web.search({ query: 'cached', provider: 'exa' });
    }
    expect(requests()).toEqual({ tavily: 2, exa: 2, firecrawl: 1 });
  });
});

describe('page text, maxCharacters and truncation', () => {
  test('default 5,000: an 8,000-character page is cut and marked truncated; a short one is not', async () => {
    const long = served<WebSearchResult>(await client().web.search({ query: 'long' }));
    expectPages(long.results);
    for (const page of long.results) {
      expect(page.text).toBe(pageText(page.url, 5_000));
      expect(page.truncated).toBe(true);
    }
    tv.textLength = 1_200;
    const short = served<WebSearchResult>(await client().web.search({ query: 'short' }));
    for (const page of short.results) {
      expect(page.text).toHaveLength(1_200);
      expect(page.truncated).toBe(false);
    }
  });

  test('maxCharacters 50,000 is the cap; 50,001 is INVALID_INPUT before any request', async () => {
    tv.textLength = 60_000;
    const c = client();
    const max = served<WebSearchResult>(
      await c.web.search({ query: 'max', limit: 2, maxCharacters: 50_000 }),
    );
    expect(max.results.map((p) => [p.text?.length, p.truncated])).toEqual([
      [50_000, true],
      [50_000, true],
    ]);
    tv.reset();
    for (const result of [
      await c.web.search({ query: 'over', maxCharacters: 50_001 }),
      await c.web.extract({ urls: [PUBLIC], maxCharacters: 50_001 }),
      await c.web.similar({ url: PUBLIC, maxCharacters: 50_001 }),
      await c.web.answer({ query: 'over', maxCharacters: 50_001 }),
      await c.web.search({ query: 'zero', maxCharacters: 0 }),
    ])
      expect(result).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(requests()).toEqual({ tavily: 0, exa: 0, firecrawl: 0 });
  });

  test('Exa is asked for one character over the cap, so a page Exa cut is marked truncated', async () => {
    const c = client();
    const cut = served<WebSearchResult>(
      await c.web.search({ query: 'exa', provider: 'exa', maxCharacters: 3_000 }),
    );
    expect(bodies(ex, /^\/search$/)[0]).toMatchObject({ contents: { text: { maxCharacters: 3_001 } } });
    for (const page of cut.results) expect([page.text?.length, page.truncated]).toEqual([3_000, true]);
    const whole = served<WebSearchResult>(
      await c.web.search({ query: 'exa', provider: 'exa', maxCharacters: 9_000 }),
    );
    for (const page of whole.results) expect([page.text?.length, page.truncated]).toEqual([8_000, false]);
  });

  test('Firecrawl markdown and Exa citations are capped the same way', async () => {
    const c = client();
    const pages = served<WebExtractResult>(
      await c.web.extract({ urls: [PUBLIC], provider: 'firecrawl', maxCharacters: 100 }),
    );
    expect(pages.results[0]).toMatchObject({ text: pageText(PUBLIC, 100), truncated: true });
    const answer = served<WebAnswerResult>(
      await c.web.answer({ query: 'q', provider: 'exa', maxCharacters: 250 }),
    );
    for (const citation of answer.citations)
      expect([citation.text?.length, citation.truncated]).toEqual([250, true]);
  });
});

describe('usage passed through unchanged', () => {
  test('Tavily credits (include_usage), absent when Tavily leaves usage out', async () => {
    const c = client();
    expect(served<WebSearchResult>(await c.web.search({ query: 'u' })).usage).toEqual({
      credits: TAVILY_CREDITS.search,
    });
    const urls = Array.from({ length: 7 }, (_, i) => `https://docs.example.com/page-${i}`);
    expect(served<WebExtractResult>(await c.web.extract({ urls })).usage).toEqual({ credits: 2 });
    expect(served<WebMapResult>(await c.web.map({ url: PUBLIC, provider: 'tavily' })).usage).toEqual({
      credits: TAVILY_CREDITS.map,
    });
    tv.omitUsage = true;
    expect(served<WebSearchResult>(await c.web.search({ query: 'no usage' }))).not.toHaveProperty('usage');
  });

  test('Exa costDollars.total as usage.costUsd, absent when not sent', async () => {
    const c = client();
    expect(served<WebSearchResult>(await c.web.search({ query: 'u', provider: 'exa' })).usage).toEqual({
      costUsd: EXA_COST.search,
    });
    expect(served<WebSimilarResult>(await c.web.similar({ url: PUBLIC })).usage).toEqual({
      costUsd: EXA_COST.findSimilar,
    });
    const urls = ['https://a.example.com/', 'https://b.example.com/', 'https://c.example.com/'];
    expect(served<WebExtractResult>(await c.web.extract({ urls, provider: 'exa' })).usage).toEqual({
      costUsd: 0.003,
    });
    expect(served<WebAnswerResult>(await c.web.answer({ query: 'u', provider: 'exa' })).usage).toEqual({
      costUsd: EXA_COST.answer,
    });
    ex.omitCost = true;
    expect(
      served<WebSearchResult>(await c.web.search({ query: 'free', provider: 'exa' })),
    ).not.toHaveProperty('usage');
  });

  test('Firecrawl creditsUsed, and metadata.creditsUsed summed over scrapes; absent when not reported', async () => {
    const c = client();
    expect(served<WebSearchResult>(await c.web.search({ query: 'u', provider: 'firecrawl' })).usage).toEqual({
      credits: firecrawlSearchCredits(5, true),
    });
    fc.scrapeCredits = 5;
    const urls = ['https://a.example.com/', 'https://b.example.com/', 'https://c.example.com/'];
    expect(served<WebExtractResult>(await c.web.extract({ urls, provider: 'firecrawl' })).usage).toEqual({
      credits: 15,
    });
    // /v2/map reports no credits: no usage member.
    expect(served<WebMapResult>(await c.web.map({ url: PUBLIC }))).not.toHaveProperty('usage');
  });
});

describe('every page is untrusted third-party text', () => {
  test.each(['tavily', 'exa', 'firecrawl'] as const)('%s', async (provider) => {
    const c = client();
    const pages: WebPage[] = [];
    pages.push(...served<WebSearchResult>(await c.web.search({ query: 'u', provider })).results);
    pages.push(
      ...served<WebExtractResult>(await c.web.extract({ urls: [PUBLIC, 'https://b.example.com/'], provider }))
        .results,
    );
    if (provider === 'exa')
      pages.push(...served<WebSimilarResult>(await c.web.similar({ url: PUBLIC })).results);
    if (provider !== 'firecrawl') {
      const answer = served<WebAnswerResult>(await c.web.answer({ query: 'u', provider }));
      expect(answer.untrusted).toBe(true);
      pages.push(...answer.citations);
    }
    expectPages(pages);
  });
});

describe('vendor requests and answers', () => {
  test('auth travels in each vendor header only: Tavily and Firecrawl bearer, Exa x-api-key', async () => {
    const c = client();
    await c.web.search({ query: 'a', provider: 'tavily' });
    await c.web.search({ query: 'a', provider: 'exa' });
    await c.web.search({ query: 'a', provider: 'firecrawl' });
    expect(tv.calls.map((x) => x.authorization)).toEqual([`Bearer ${KEYS.tavily}`]);
    expect(ex.calls.map((x) => [x.apiKey, x.authorization])).toEqual([[KEYS.exa, undefined]]);
    expect(fc.calls.map((x) => x.authorization)).toEqual([`Bearer ${KEYS.firecrawl}`]);
    for (const call of [...tv.calls, ...ex.calls, ...fc.calls])
      expect(JSON.stringify(call.body)).not.toMatch(/SECRET/);
  });

  test('Tavily search: body and normalized results', async () => {
    const result = served<WebSearchResult>(await client().web.search({ query: 'robinhood chain', limit: 3 }));
    expect(bodies(tv, /^\/search$/)).toEqual([
      { query: 'robinhood chain', max_results: 3, include_raw_content: 'markdown', include_usage: true },
    ]);
    expect(result.query).toBe('robinhood chain');
    expect(result.results[0]).toEqual({
      url: 'https://news.example.com/robinhood-chain-1',
      title: 'Robinhood Chain update 1',
      snippet: 'Snippet 1 about robinhood chain.',
      text: pageText('https://news.example.com/robinhood-chain-1', 5_000),
      truncated: true,
      score: 0.91,
      untrusted: true,
    });
  });

  test('Tavily extract: one request with every URL; failed_results become failed', async () => {
    const urls = ['https://a.example.com/', 'https://b.example.com/', 'https://c.example.com/'];
    tv.unreadable.add('https://b.example.com/');
    const result = served<WebExtractResult>(await client().web.extract({ urls }));
    expect(bodies(tv, /^\/extract$/)).toEqual([{ urls, format: 'markdown', include_usage: true }]);
    expect(result.results.map((p) => p.url)).toEqual(['https://a.example.com/', 'https://c.example.com/']);
    expect(result.failed).toEqual([{ url: 'https://b.example.com/', error: 'Failed to fetch url' }]);
  });

  test('Tavily answer: include_answer advanced, citations are the results (snippets)', async () => {
    const result = served<WebAnswerResult>(await client().web.answer({ query: 'What is Robinhood Chain?' }));
    expect(bodies(tv, /^\/search$/)).toEqual([
      { query: 'What is Robinhood Chain?', include_answer: 'advanced', include_usage: true },
    ]);
    expect(result).toMatchObject({
      question: 'What is Robinhood Chain?',
      answer: TAVILY_ANSWER,
      usage: { credits: TAVILY_CREDITS.search },
      untrusted: true,
    });
    expect(result.citations).toHaveLength(5);
    expect(result.citations[0]).toEqual({
      url: 'https://news.example.com/robinhood-chain-1',
      title: 'Robinhood Chain update 1',
      snippet: 'Snippet 1 about What is Robinhood Chain?.',
      score: 0.91,
      untrusted: true,
    });
  });

  test('Tavily map: plain URL strings become {url}', async () => {
    const result = served<WebMapResult>(
      await client().web.map({ url: 'https://example.com/docs', provider: 'tavily', limit: 3 }),
    );
    expect(bodies(tv, /^\/map$/)).toEqual([
      { url: 'https://example.com/docs', limit: 3, include_usage: true },
    ]);
    expect(result).toMatchObject({
      url: 'https://example.com/docs',
      links: TAVILY_MAP_PATHS.slice(0, 3).map((p) => ({ url: `https://example.com${p}` })),
    });
  });

  test('Exa search: body, highlights as snippet, null members absent', async () => {
    const result = served<WebSearchResult>(
      await client().web.search({ query: 'exa', provider: 'exa', limit: 2 }),
    );
    expect(bodies(ex, /^\/search$/)).toEqual([
      { query: 'exa', numResults: 2, contents: { text: { maxCharacters: 5_001 }, highlights: true } },
    ]);
    expect(result.results).toEqual([
      {
        url: 'https://research.example.org/post-1',
        title: 'Exa result 1',
        snippet: 'Highlight of result 1.',
        text: pageText('https://research.example.org/post-1', 5_000),
        truncated: true,
        publishedAt: '2026-09-01T00:00:00.000Z',
        author: 'A. Writer',
        score: 0.42,
        untrusted: true,
      },
      {
        url: 'https://research.example.org/post-2',
        snippet: 'Highlight of result 2.',
        text: pageText('https://research.example.org/post-2', 5_000),
        truncated: true,
        score: 0.41,
        untrusted: true,
      },
    ]);
  });

  test('Exa findSimilar and contents: bodies, statuses errors become failed', async () => {
    const c = client();
    const similar = served<WebSimilarResult>(await c.web.similar({ url: PUBLIC, limit: 2 }));
    expect(bodies(ex, /^\/findSimilar$/)).toEqual([
      { url: PUBLIC, numResults: 2, contents: { text: { maxCharacters: 5_001 }, highlights: true } },
    ]);
    expect(similar).toMatchObject({
      url: PUBLIC,
      results: [{ url: 'https://similar.example.org/post-1' }, {}],
    });
    const urls = ['https://a.example.com/', 'https://gone.example.com/'];
    ex.unreadable.add('https://gone.example.com/');
    const extract = served<WebExtractResult>(
      await c.web.extract({ urls, provider: 'exa', maxCharacters: 200 }),
    );
    expect(bodies(ex, /^\/contents$/)).toEqual([{ urls, text: { maxCharacters: 201 } }]);
    expect(extract.results).toEqual([
      {
        url: 'https://a.example.com/',
        title: 'Page at https://a.example.com/',
        text: pageText('https://a.example.com/', 200),
        truncated: true,
        untrusted: true,
      },
    ]);
    expect(extract.failed).toEqual([
      { url: 'https://gone.example.com/', error: 'CRAWL_NOT_FOUND, HTTP 404' },
    ]);
  });

  test('Exa answer: text true, citations from `citations`', async () => {
    const result = served<WebAnswerResult>(await client().web.answer({ query: 'exa?', provider: 'exa' }));
    expect(bodies(ex, /^\/answer$/)).toEqual([{ query: 'exa?', text: true }]);
    expect(result).toMatchObject({ question: 'exa?', answer: EXA_ANSWER, untrusted: true });
    expect(result.citations.map((c) => [c.url, c.title, c.publishedAt])).toEqual([
      ['https://answers.example.org/source-1', 'Source 1', '2026-08-15T00:00:00.000Z'],
      ['https://answers.example.org/source-2', 'Source 2', '2026-08-15T00:00:00.000Z'],
    ]);
    expect(result.citations[0]).not.toHaveProperty('author');
  });

  test('Firecrawl search: v2 body with markdown, description as snippet', async () => {
    const result = served<WebSearchResult>(
      await client().web.search({ query: 'fc', provider: 'firecrawl', limit: 2 }),
    );
    expect(bodies(fc, /^\/v2\/search$/)).toEqual([
      { query: 'fc', limit: 2, scrapeOptions: { formats: ['markdown'], onlyMainContent: true } },
    ]);
    expect(result.results[0]).toEqual({
      url: 'https://crawl.example.net/article-1',
      title: 'Firecrawl result 1',
      snippet: 'Description 1 for fc.',
      text: pageText('https://crawl.example.net/article-1', 5_000),
      truncated: true,
      untrusted: true,
    });
  });

  test('Firecrawl extract: one /v2/scrape per URL, in order; a failing URL goes into failed', async () => {
    const urls = [
      'https://a.example.com/',
      'https://b.example.com/',
      'https://c.example.com/',
      'https://d.example.com/',
    ];
    fc.scrapeFailures.set(
      'https://b.example.com/',
      fail(500, firecrawlError('(Internal server error) - scrape failed')),
    );
    fc.pageStatus.set('https://d.example.com/', 404);
    const result = served<WebExtractResult>(
      await client().web.extract({ urls, provider: 'firecrawl', maxCharacters: 50 }),
    );
    expect(bodies(fc, /^\/v2\/scrape$/)).toEqual(
      urls.map((url) => ({ url, formats: ['markdown'], onlyMainContent: true })),
    );
    expect(result.results).toEqual([
      {
        url: 'https://a.example.com/',
        title: 'Title of https://a.example.com/',
        snippet: 'Description of https://a.example.com/',
        text: pageText('https://a.example.com/', 50),
        truncated: true,
        untrusted: true,
      },
      expect.objectContaining({ url: 'https://c.example.com/' }),
    ]);
    expect(result.failed).toEqual([
      {
        url: 'https://b.example.com/',
        error: 'firecrawl POST /v2/scrape: HTTP 500 (Internal server error) - scrape failed',
      },
      { url: 'https://d.example.com/', error: 'the page answered HTTP 404: Not Found' },
    ]);
    expect(result.usage).toEqual({ credits: 3 });
  });

  test('Firecrawl extract: when every URL fails, the mapped error is thrown (and Exa serves after it)', async () => {
    const urls = ['https://a.example.com/', 'https://b.example.com/'];
    for (const url of urls)
      fc.scrapeFailures.set(url, fail(502, firecrawlError('(Internal server error) - x')));
    const pinned = await client().web.extract({ urls, provider: 'firecrawl' });
    expect(pinned).toMatchObject({
      status: 'ERROR',
      code: 'ALL_PROVIDERS_FAILED',
      attemptedProviders: [{ provider: 'firecrawl', error: expect.stringContaining('HTTP 502') }],
    });
    expect(fc.requests).toBe(2);
    tv.failNext.push(fail(500, tavilyError('boom')));
    const routed = await client().web.extract({ urls });
    expect(routed).toMatchObject({
      status: 'LIVE',
      provenance: { source: 'exa', fallbackFrom: [{ provider: 'tavily' }, { provider: 'firecrawl' }] },
    });
  });

  test('Firecrawl extract: a key or account answer stops asking', async () => {
    const urls = ['https://a.example.com/', 'https://b.example.com/', 'https://c.example.com/'];
    const wrong = client({ FIRECRAWL_API_KEY: 'fc-WRONG0123456789abcdef' });
    const rejected = await wrong.web.extract({ urls, provider: 'firecrawl' });
    expect(rejected).toMatchObject({
      status: 'ERROR',
      attemptedProviders: [
        { provider: 'firecrawl', error: expect.stringMatching(/^auth_failed: key rejected/) },
      ],
    });
    expect(fc.requests).toBe(1);
    expect(state(wrong, 'firecrawl')).toMatchObject({ status: 'auth_failed' });

    fc.reset();
    fc.scrapeFailures.set(
      'https://b.example.com/',
      fail(
        429,
        firecrawlError('Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0.'),
        undefined,
        {
          'retry-after': '37',
        },
      ),
    );
    const partial = served<WebExtractResult>(await client().web.extract({ urls, provider: 'firecrawl' }));
    expect(fc.requests).toBe(2);
    expect(partial.results.map((p) => p.url)).toEqual(['https://a.example.com/']);
    expect(partial.failed.map((f) => f.url)).toEqual(['https://b.example.com/', 'https://c.example.com/']);
    expect(partial.failed[1]?.error).toMatch(/^not asked after: firecrawl POST \/v2\/scrape: HTTP 429/);
  });

  test('Firecrawl map: v2 links with titles; a link without one has none', async () => {
    const result = served<WebMapResult>(
      await client().web.map({ url: 'https://example.com/start', limit: 10 }),
    );
    expect(bodies(fc, /^\/v2\/map$/)).toEqual([{ url: 'https://example.com/start', limit: 10 }]);
    expect(result).toEqual({
      url: 'https://example.com/start',
      links: FIRECRAWL_MAP_LINKS.map((l) => ({
        url: `https://example.com${l.path}`,
        ...(l.title ? { title: l.title } : {}),
      })),
    });
  });
});

describe('configuration and health', () => {
  test('each provider is unconfigured without its key; its endpoint is shown with {key}', async () => {
    const none = client({ TAVILY_API_KEY: null, EXA_API_KEY: null, FIRECRAWL_API_KEY: null });
    expect(none.providers.list().map((p) => [p.id, p.configured, p.reason])).toEqual([
      ['tavily', false, 'not configured (TAVILY_API_KEY)'],
      ['exa', false, 'not configured (EXA_API_KEY)'],
      ['firecrawl', false, 'not configured (FIRECRAWL_API_KEY)'],
    ]);
    expect(await none.web.search({ query: 'nothing' })).toMatchObject({ status: 'UNAVAILABLE' });
    expect(requests()).toEqual({ tavily: 0, exa: 0, firecrawl: 0 });

    const listed = client({ FIRECRAWL_BASE_URL: `${fc.origin}/v2/` }).providers.list();
    expect(listed.map((p) => [p.id, p.kind, p.capabilities])).toEqual([
      ['tavily', 'web', ['web.search', 'web.extract', 'web.map', 'web.answer']],
      ['exa', 'web', ['web.search', 'web.extract', 'web.similar', 'web.answer']],
      ['firecrawl', 'web', ['web.search', 'web.extract', 'web.map']],
    ]);
    for (const p of listed) expect(p.endpoint).toContain('{key}');
    expectNoSecret(listed);
  });

  test('FIRECRAWL_BASE_URL with a trailing /v2 still reaches /v2/... once', async () => {
    const result = await client({ FIRECRAWL_BASE_URL: `${fc.origin}/v2` }).web.map({ url: PUBLIC });
    expect(result).toMatchObject({ status: 'LIVE' });
    expect(fc.calls.map((x) => x.path)).toEqual(['/v2/map']);
  });

  test('health: Tavily GET /usage, Exa a one-result search, Firecrawl GET /v2/team/credit-usage', async () => {
    const health = await client().providers.health();
    expect(health.sections.tavily).toMatchObject({
      status: 'LIVE',
      data: {
        keyCreditsUsed: 150,
        keyCreditLimit: 1000,
        plan: 'Researcher',
        planCreditsUsed: 500,
        planCreditLimit: 15000,
        paygoCreditsUsed: 25,
        paygoCreditLimit: 100,
      },
    });
    expect(health.sections.exa).toMatchObject({
      status: 'LIVE',
      data: { results: 1, costUsd: EXA_COST.search },
    });
    expect(health.sections.firecrawl).toMatchObject({
      status: 'LIVE',
      data: { remainingCredits: 4321, planCredits: 100000, billingPeriodEnd: '2026-10-31T23:59:59Z' },
    });
    expect(tv.calls.map((x) => `${x.method} ${x.path}`)).toEqual(['GET /usage']);
    expect(ex.calls.map((x) => [x.path, x.body])).toEqual([
      ['/search', { query: 'web search API', numResults: 1 }],
    ]);
    expect(fc.calls.map((x) => `${x.method} ${x.path}`)).toEqual(['GET /v2/team/credit-usage']);
    expectNoSecret(health);
  });
});

describe('extract limits', () => {
  test('11 URLs is INVALID_INPUT with zero requests; 10 are accepted', async () => {
    const c = client();
    const urls = Array.from({ length: 11 }, (_, i) => `https://example.com/page-${i}`);
    const refused = await c.web.extract({ urls });
    expect(refused).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(refused.status === 'ERROR' && refused.message).toContain('at most 10 URLs');
    expect(await c.web.extract({ urls: [] })).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(requests()).toEqual({ tavily: 0, exa: 0, firecrawl: 0 });
    expect(await c.web.extract({ urls: urls.slice(0, 10) })).toMatchObject({ status: 'LIVE' });
  });
});

// The refusal corpus: the network guard's corpus (test/data/guard-corpus.test.ts) as caller
// targets, plus credentials, `.local`, `.internal`, `file:` and `ftp:`. The vendor would fetch
// them, so none may ever reach a vendor: refused before any request, with PKG_NET_ALLOW_PRIVATE=1.
// (The guard corpus's DNS cases, public names that resolve to private addresses, are resolved by
// the vendor, not here: a caller's host name is judged by its spelling only.)
const CORPUS: [string, () => string][] = [
  ['loopback IPv4 (a double itself)', () => `http://127.0.0.1:${tv.port}/`],
  ['loopback IPv4 other', () => 'http://127.0.0.2/'],
  ['localhost', () => `http://localhost:${ex.port}/`],
  ['localhost with a trailing dot', () => 'http://localhost./'],
  ['a localhost subdomain', () => 'http://app.localhost/'],
  ['unspecified 0.0.0.0', () => 'http://0.0.0.0/'],
  ['loopback IPv6 [::1]', () => `http://[::1]:${fc.port}/`],
  ['IPv4-mapped IPv6 [::ffff:127.0.0.1]', () => 'http://[::ffff:127.0.0.1]/'],
  ['decimal IPv4 2130706433', () => 'http://2130706433/'],
  ['octal IPv4 0177.0.0.1', () => 'http://0177.0.0.1/'],
  ['hex IPv4 0x7f.0.0.1', () => 'http://0x7f.0.0.1/'],
  ['hex IPv4 0x7f000001', () => 'http://0x7f000001/'],
  ['short IPv4 127.1', () => 'http://127.1/'],
  ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
  ['cloud metadata IPv6 fd00:ec2::254', () => 'http://[fd00:ec2::254]/'],
  ['IPv4-mapped metadata [::ffff:a9fe:a9fe]', () => 'http://[::ffff:a9fe:a9fe]/'],
  ['link-local IPv6 fe80::1', () => 'http://[fe80::1]/'],
  ['private 10.x', () => 'https://10.0.0.1/'],
  ['private 172.16.x', () => 'https://172.16.0.1/'],
  ['private 172.31.x', () => 'https://172.31.255.254/'],
  ['private 192.168.x', () => 'https://192.168.1.10/'],
  ['CGNAT 100.64.x', () => 'https://100.64.0.1/'],
  ['metadata.google.internal', () => 'http://metadata.google.internal/computeMetadata/v1/'],
  ['a single-label name', () => 'http://metadata/'],
  ['userinfo user:pass', () => 'https://user:pass@example.com/'],
  ['userinfo user only', () => 'https://user@example.com/'],
  ['a .local name', () => 'http://printer.local/'],
  ['an .internal name', () => 'https://api.internal/'],
  ['file:', () => 'file:///etc/passwd'],
  ['ftp:', () => 'ftp://example.com/file'],
  ['not a URL', () => 'example.com'],
];

describe('refusal corpus: no connection to any double, even with PKG_NET_ALLOW_PRIVATE=1', () => {
  test.each(CORPUS)('%s', async (_name, target) => {
    const c = client({ PKG_NET_ALLOW_PRIVATE: '1' });
    const url = target();
    const results = [
      await c.web.extract({ urls: [url] }),
      await c.web.extract({ urls: [PUBLIC, url] }),
      await c.web.map({ url }),
      await c.web.similar({ url }),
      await c.web.extract({ urls: [url], provider: 'firecrawl' }),
      await c.web.map({ url, provider: 'tavily' }),
      await c.web.similar({ url, provider: 'exa' }),
    ];
    for (const result of results) expect(result).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(requests()).toEqual({ tavily: 0, exa: 0, firecrawl: 0 });
    expect(connections()).toBe(0);
    expectNoSecret(results);
  });

  test('a public URL is passed to the vendor as given', async () => {
    const c = client();
    expect(await c.web.extract({ urls: [PUBLIC] })).toMatchObject({ status: 'LIVE' });
    expect(await c.web.map({ url: PUBLIC })).toMatchObject({ status: 'LIVE' });
    expect(await c.web.similar({ url: PUBLIC })).toMatchObject({ status: 'LIVE' });
    expect(bodies(tv, /^\/extract$/)[0]).toMatchObject({ urls: [PUBLIC] });
    expect(bodies(fc, /^\/v2\/map$/)[0]).toMatchObject({ url: PUBLIC });
    expect(bodies(ex, /^\/findSimilar$/)[0]).toMatchObject({ url: PUBLIC });
  });
});
