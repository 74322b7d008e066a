// Double of the Finnhub REST API (https://finnhub.io/api/v1): GET /quote, /stock/profile2,
// /company-news, /calendar/earnings and /stock/market-status under the `/api/v1` prefix. The key
// is accepted as the `X-Finnhub-Token` header or the `token` query parameter, as Finnhub documents
// (https://finnhub.io/docs/api/authentication); the double records where it came, so that a test
// can prove it never was in a URL. Shapes follow the official client github.com/Finnhub-Stock-API/
// finnhub-js (`src/model/*.js`) and the vendor's documentation; error bodies are
// `{"error": "..."}` as observed (github.com/finnhubio/Finnhub-API issues #405, #493, #582).
// Values are illustrative.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  takeQueued,
  type HttpDouble,
  type QueuedAnswer,
} from './http-double.js';

export interface FinnhubCall {
  path: string;
  query: Record<string, string>;
  /** The X-Finnhub-Token header, when sent. */
  header: string | undefined;
}

export type { QueuedAnswer };

export interface FinnhubDouble extends HttpDouble {
  /** The base to configure: `<origin>/api/v1`. */
  baseUrl: string;
  calls: FinnhubCall[];
  count: (path: RegExp) => number;
  /** Symbols the key's plan does not cover (non-US listings on the free plan): 403 "no access". */
  noAccess: Set<string>;
  failNext: QueuedAnswer[];
  reset: () => void;
}

const PREFIX = '/api/v1';
/** 2026-10-01T20:00:00Z, the close of a US session (illustrative). */
export const FINNHUB_QUOTE_TIME = 1790884800;

// GET /quote — `Quote` (finnhub-js src/model/Quote.js; https://finnhub.io/docs/api/quote):
// c current, d change, dp percent change, h/l/o, pc previous close, t unix seconds.
const QUOTES: Record<string, Record<string, number | null>> = {
  AAPL: { c: 229.35, d: 1.85, dp: 0.8132, h: 230.1, l: 226.8, o: 227.2, pc: 227.5, t: FINNHUB_QUOTE_TIME },
  'BRK.B': {
    c: 471.02,
    d: -2.4,
    dp: -0.5069,
    h: 474.9,
    l: 470.11,
    o: 473.5,
    pc: 473.42,
    t: FINNHUB_QUOTE_TIME,
  },
  // A quote before the first trade of a new listing: no change yet (null), day values 0.
  NEWCO: { c: 12.5, d: null, dp: null, h: 0, l: 0, o: 0, pc: 12.5, t: FINNHUB_QUOTE_TIME },
};
// An unknown symbol: 200 with zeros and nulls (github.com/finnhubio/Finnhub-API
// issues #54, #332 show the all-zero answer).
const UNKNOWN_QUOTE = { c: 0, d: null, dp: null, h: 0, l: 0, o: 0, pc: 0, t: 0 };

// GET /stock/profile2 — `CompanyProfile2` (finnhub-js src/model/CompanyProfile2.js): market
// capitalization and shares outstanding in millions. NEWCO leaves out logo and IPO date (empty
// strings) and has no market capitalization yet. An unknown symbol answers `{}`.
const PROFILES: Record<string, Record<string, unknown>> = {
  AAPL: {
    country: 'US',
    currency: 'USD',
    estimateCurrency: 'USD',
    exchange: 'NASDAQ NMS - GLOBAL MARKET',
    finnhubIndustry: 'Technology',
    ipo: '1980-12-12',
    logo: 'https://static.finnhub.example/logo/AAPL.png',
    marketCapitalization: 3410000.5,
    name: 'Apple Inc',
    phone: '14085551010',
    shareOutstanding: 14840.39,
    ticker: 'AAPL',
    weburl: 'https://www.apple.example/',
  },
  NEWCO: {
    country: 'US',
    currency: 'USD',
    exchange: 'NEW YORK STOCK EXCHANGE, INC.',
    finnhubIndustry: '',
    ipo: '',
    logo: '',
    marketCapitalization: 0,
    name: 'Newco Holdings',
    phone: null,
    shareOutstanding: 120.5,
    ticker: 'NEWCO',
    weburl: 'https://newco.example/',
  },
};

// GET /company-news — an array of `CompanyNews` (finnhub-js src/model/CompanyNews.js):
// category, datetime (unix s), headline, id, image, related, source, summary, url. Returned
// for the asked window; one article has no image and no summary (empty strings).
const NEWS: Record<string, Record<string, unknown>[]> = {
  AAPL: [
    {
      category: 'company',
      datetime: 1790600000,
      headline: 'Apple supplier expands capacity',
      id: 7001,
      image: 'https://images.news.example/7001.jpg',
      related: 'AAPL',
      source: 'Wire One',
      summary: 'A supplier adds a production line.',
      url: 'https://news.example/7001',
    },
    {
      category: 'company',
      datetime: 1790850000,
      headline: 'Apple schedules product event',
      id: 7002,
      image: '',
      related: 'AAPL',
      source: 'Wire Two',
      summary: '',
      url: 'https://news.example/7002',
    },
    {
      category: 'company',
      datetime: 1790700000,
      headline: 'Analysts revise Apple estimates',
      id: 7003,
      image: 'https://images.news.example/7003.jpg',
      related: 'AAPL,MSFT',
      source: 'Wire One',
      summary: 'Estimates move up after channel checks.',
      url: 'https://news.example/7003',
    },
    {
      category: 'company',
      datetime: 1789000000,
      headline: 'An older Apple story',
      id: 6990,
      image: '',
      related: 'AAPL',
      source: 'Wire Three',
      summary: 'Outside the default window.',
      url: 'https://news.example/6990',
    },
  ],
};

// GET /calendar/earnings — `EarningsCalendar` of `EarningRelease` (finnhub-js
// src/model/EarningsCalendar.js, EarningRelease.js): hour bmo/amc/dmh or "" when unknown;
// actuals null until reported.
const EARNINGS: Record<string, unknown>[] = [
  {
    date: '2026-10-01',
    epsActual: 1.21,
    epsEstimate: 1.15,
    hour: 'bmo',
    quarter: 3,
    revenueActual: 21500000000,
    revenueEstimate: 21000000000,
    symbol: 'ACME',
    year: 2026,
  },
  {
    date: '2026-10-06',
    epsActual: null,
    epsEstimate: 1.62,
    hour: 'amc',
    quarter: 4,
    revenueActual: null,
    revenueEstimate: 98400000000,
    symbol: 'AAPL',
    year: 2026,
  },
  {
    date: '2026-10-03',
    epsActual: null,
    epsEstimate: null,
    hour: '',
    quarter: 3,
    revenueActual: null,
    revenueEstimate: null,
    symbol: 'SMALL',
    year: 2026,
  },
  {
    date: '2026-10-03',
    epsActual: null,
    epsEstimate: 0.42,
    hour: 'dmh',
    quarter: 3,
    revenueActual: null,
    revenueEstimate: 1250000000,
    symbol: 'BETA',
    year: 2026,
  },
  {
    date: '2026-11-20',
    epsActual: null,
    epsEstimate: 2.1,
    hour: 'amc',
    quarter: 3,
    revenueActual: null,
    revenueEstimate: 39000000000,
    symbol: 'LATER',
    year: 2026,
  },
];

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export async function startFinnhubServer(key: string): Promise<FinnhubDouble> {
  const ref: { self?: FinnhubDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const double = ref.self as FinnhubDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const query = Object.fromEntries(url.searchParams);
    const header = req.headers['x-finnhub-token'];
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
    double.calls.push({ path, query, header: typeof header === 'string' ? header : undefined });
    // 401 `{"error":"Invalid API key."}` (github.com/finnhubio/Finnhub-API issue #582).
    const token = typeof header === 'string' ? header : query.token;
    if (token !== key) return sendJson(res, 401, { error: 'Invalid API key.' });
    const queued = takeQueued(double.failNext, path);
    if (queued) return sendQueued(res, queued);
    const symbol = query.symbol;
    // 403 `{"error":"You don't have access to this resource."}` for data outside the plan
    // (issues #405 (sent as 401 there), #493).
    if (symbol !== undefined && double.noAccess.has(symbol))
      return sendJson(res, 403, { error: "You don't have access to this resource." });
    if (!url.pathname.startsWith(PREFIX)) return sendJson(res, 404, { error: 'Not found' });
    if (path === '/quote') return sendJson(res, 200, QUOTES[symbol ?? ''] ?? UNKNOWN_QUOTE);
    if (path === '/stock/profile2') return sendJson(res, 200, PROFILES[symbol ?? ''] ?? {});
    if (path === '/company-news') {
      const { from, to } = query;
      // The parameters are required (https://finnhub.io/docs/api/company-news); the double's
      // refusal of a request without them is illustrative (Finnhub's own answer is undocumented).
      if (!symbol || !from || !to) return sendJson(res, 422, { error: 'Missing from or to.' });
      const list = (NEWS[symbol] ?? []).filter((a) => {
        const d = day(a.datetime as number);
        return d >= from && d <= to;
      });
      return sendJson(res, 200, list);
    }
    if (path === '/calendar/earnings') {
      const { from, to } = query;
      const list = EARNINGS.filter(
        (e) =>
          (!from || (e.date as string) >= from) &&
          (!to || (e.date as string) <= to) &&
          (!symbol || e.symbol === symbol),
      );
      return sendJson(res, 200, { earningsCalendar: list });
    }
    // GET /stock/market-status — `MarketStatus` (finnhub-js src/model/MarketStatus.js).
    if (path === '/stock/market-status')
      return sendJson(res, 200, {
        exchange: query.exchange ?? 'US',
        holiday: null,
        isOpen: false,
        session: 'post-market',
        timezone: 'America/New_York',
        t: FINNHUB_QUOTE_TIME + 600,
      });
    return sendJson(res, 404, { error: 'Not found' });
  });
  const self: FinnhubDouble = Object.assign(http, {
    baseUrl: `${http.origin}${PREFIX}`,
    calls: [] as FinnhubCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    noAccess: new Set<string>(),
    failNext: [] as QueuedAnswer[],
    reset() {
      self.calls.length = 0;
      self.noAccess.clear();
      self.failNext.length = 0;
    },
  });
  ref.self = self;
  return self;
}
