// Double of SEC EDGAR: two local servers, one for www.sec.gov (GET /files/company_tickers.json)
// and one for data.sec.gov (GET /submissions/CIK##########.json), each answering only its own
// paths (the ticker file is served from www.sec.gov only; data.sec.gov answers 404 for it).
// Fair access (https://www.sec.gov/search-filings/edgar-search-assistance/accessing-edgar-data,
// the vendor's documentation): a request whose User-Agent has no email-like contact is
// answered 403 text/html with the SEC's traffic-management page; a declared agent gets the
// documented JSON. Switches: the same 403 page for a declared agent (the SEC's rate block),
// queued answers (429, 5xx, a non-JSON 200), and counters per host and path, with the time each
// request arrived (Date.now(), so that fake time shows when a request got through).
// Values are illustrative (accession numbers, documents and dates are invented).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export const SEC_CIK = { apple: '0000320193', berkshire: '0001067983', bare: '0002222222' } as const;

export interface SecCall {
  host: 'www' | 'data';
  path: string;
  userAgent: string | undefined;
  /** Every request header, to prove what was (and was not) sent. */
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when the request arrived (fake in the throttle test). */
  at: number;
}

export interface SecQueued {
  host?: 'www' | 'data';
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export interface SecEdgarDouble {
  www: HttpDouble;
  data: HttpDouble;
  calls: SecCall[];
  count: (host: 'www' | 'data', path?: RegExp) => number;
  /** Answer every request with the 403 HTML page, declared agent or not (the SEC's rate block). */
  blocked: boolean;
  failNext: SecQueued[];
  reset: () => void;
  close: () => Promise<void>;
}

/** What the SEC accepts as a declared agent in this double: an email-like contact. */
export const DECLARED_AGENT = /[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}/;

// GET https://www.sec.gov/files/company_tickers.json — rows keyed by position, `cik_str` a
// number (linked from "Accessing EDGAR Data",
// https://www.sec.gov/search-filings/edgar-search-assistance/accessing-edgar-data). Class shares
// use "-" (BRK-B); a ticker listed twice keeps its first row ("DUPE").
export const COMPANY_TICKERS = {
  '0': { cik_str: 320193, ticker: 'AAPL', title: 'Apple Inc.' },
  '1': { cik_str: 1045810, ticker: 'NVDA', title: 'NVIDIA CORP' },
  '2': { cik_str: 1067983, ticker: 'BRK-B', title: 'BERKSHIRE HATHAWAY INC' },
  '3': { cik_str: 2222222, ticker: 'BARE', title: 'Bare Example Holdings' },
  '4': { cik_str: 3333333, ticker: 'DUPE', title: 'First Listing Corp' },
  '5': { cik_str: 4444444, ticker: 'DUPE', title: 'Second Listing Corp' },
};

const recent = (rows: Record<string, string>[]) => {
  const column = (name: string) => rows.map((r) => r[name] ?? '');
  return {
    accessionNumber: column('accessionNumber'),
    filingDate: column('filingDate'),
    reportDate: column('reportDate'),
    acceptanceDateTime: column('acceptanceDateTime'),
    act: rows.map(() => '34'),
    form: column('form'),
    fileNumber: rows.map(() => '001-36743'),
    filmNumber: rows.map(() => '26123456'),
    items: column('items'),
    core_type: column('form'),
    size: rows.map((_, i) => 12_000 + i),
    isXBRL: rows.map(() => 0),
    isInlineXBRL: rows.map(() => 0),
    primaryDocument: column('primaryDocument'),
    primaryDocDescription: column('primaryDocDescription'),
  };
};

// GET https://data.sec.gov/submissions/CIK0000320193.json — the registrant and `filings.recent`
// as parallel arrays, newest first, `filings.files` for older pages ("Submissions" in
// https://www.sec.gov/search-filings/edgar-application-programming-interfaces; member list in
// the vendor's documentation). `cik` unpadded, as observed. An 8-K with two items, an
// 8-K/A with one, a Form 4 whose primary document is the rendered XSL view, a 10-Q, a Form 3
// with no report date, and an SC 13G/A without a primary document description.
const APPLE_ROWS: Record<string, string>[] = [
  {
    accessionNumber: '0000320193-26-000071',
    filingDate: '2026-10-30',
    reportDate: '2026-10-30',
    acceptanceDateTime: '2026-10-30T16:31:05.000Z',
    form: '8-K',
    items: '2.02,9.01',
    primaryDocument: 'aapl-20261030.htm',
    primaryDocDescription: '8-K',
  },
  {
    accessionNumber: '0001140361-26-040112',
    filingDate: '2026-10-28',
    reportDate: '2026-10-24',
    acceptanceDateTime: '2026-10-28T18:40:12.000Z',
    form: '4',
    primaryDocument: 'xslF345X05/wk-form4_1761690000.xml',
    primaryDocDescription: 'FORM 4',
  },
  {
    accessionNumber: '0000320193-26-000068',
    filingDate: '2026-10-20',
    reportDate: '2026-10-15',
    acceptanceDateTime: '2026-10-20T20:05:00.000Z',
    form: '8-K/A',
    items: '5.02',
    primaryDocument: 'aapl-20261015.htm',
    primaryDocDescription: '8-K/A',
  },
  {
    accessionNumber: '0000320193-26-000064',
    filingDate: '2026-08-01',
    reportDate: '2026-06-27',
    acceptanceDateTime: '2026-08-01T20:01:33.000Z',
    form: '10-Q',
    primaryDocument: 'aapl-20260627.htm',
    primaryDocDescription: '10-Q',
  },
  {
    accessionNumber: '0001140361-26-031337',
    filingDate: '2026-07-15',
    acceptanceDateTime: '2026-07-15T21:10:44.000Z',
    form: '3',
    primaryDocument: 'xslF345X02/form3.xml',
    primaryDocDescription: 'FORM 3',
  },
  {
    accessionNumber: '0000950123-26-002222',
    filingDate: '2026-02-12',
    acceptanceDateTime: '2026-02-12T15:00:00.000Z',
    form: 'SC 13G/A',
    primaryDocument: 'sc13ga.htm',
  },
];

export function appleSubmissions() {
  return {
    cik: '320193',
    entityType: 'operating',
    sic: '3571',
    sicDescription: 'Electronic Computers',
    insiderTransactionForOwnerExists: 0,
    insiderTransactionForIssuerExists: 1,
    name: 'Apple Inc.',
    tickers: ['AAPL'],
    exchanges: ['Nasdaq'],
    ein: '942404110',
    description: '',
    website: '',
    category: 'Large accelerated filer',
    fiscalYearEnd: '0926',
    stateOfIncorporation: 'CA',
    addresses: {
      mailing: { street1: 'ONE APPLE PARK WAY', city: 'CUPERTINO', stateOrCountry: 'CA', zipCode: '95014' },
      business: { street1: 'ONE APPLE PARK WAY', city: 'CUPERTINO', stateOrCountry: 'CA', zipCode: '95014' },
    },
    phone: '(408) 996-1010',
    flags: '',
    formerNames: [],
    filings: {
      recent: recent(APPLE_ROWS),
      files: [
        {
          name: 'CIK0000320193-submissions-001.json',
          filingCount: 1204,
          filingFrom: '1994-01-26',
          filingTo: '2014-05-12',
        },
      ],
    },
  };
}

// The same endpoint for a registrant that left most members empty: no tickers or exchanges, an
// empty name of its SIC, insider flags and `files` left out, and one 8-K whose items are "".
export function bareSubmissions() {
  return {
    cik: '2222222',
    entityType: 'other',
    sicDescription: '',
    name: 'Bare Example Holdings',
    tickers: [],
    exchanges: [],
    filings: {
      recent: recent([
        {
          accessionNumber: '0002222222-26-000001',
          filingDate: '2026-09-01',
          reportDate: '',
          acceptanceDateTime: '',
          form: '8-K',
          items: '',
          primaryDocument: '',
          primaryDocDescription: '',
        },
      ]),
    },
  };
}

/** Many filings (for the default limit of 40): alternating Form 4 and 8-K. */
export function bulkSubmissions(cik: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    accessionNumber: `0001999999-26-${String(900 - i).padStart(6, '0')}`,
    filingDate: `2026-09-${String(28 - (i % 28)).padStart(2, '0')}`,
    form: i % 2 === 0 ? '4' : '8-K',
    items: i % 2 === 0 ? '' : '8.01',
    primaryDocument: `doc-${i}.htm`,
  }));
  return {
    cik: String(Number(cik)),
    name: 'NVIDIA CORP',
    tickers: ['NVDA'],
    filings: { recent: recent(rows), files: [] },
  };
}

const SUBMISSIONS: Record<string, () => unknown> = {
  [SEC_CIK.apple]: appleSubmissions,
  [SEC_CIK.bare]: bareSubmissions,
  '0001045810': () => bulkSubmissions('0001045810', 60),
};

// The SEC's fair-access answer (HTTP 403, text/html): one page titled "Request Rate Threshold
// Exceeded" whose heading reads "Your Request Originates from an Undeclared Automated Tool", as
// quoted in public issues (github.com/Gunratan/edgar/issues/4 and /issues/10). Paraphrased.
export const SEC_BLOCK_PAGE = `<!DOCTYPE html>
<html lang="en"><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head>
<body><h1>Your Request Originates from an Undeclared Automated Tool</h1>
<p>Please declare your traffic by updating your user agent to include company specific information.</p>
<p>Requests above 10 a second are limited until the rate stays below that for 10 minutes.</p>
<p>Reference ID: 0.double.0</p></body></html>`;

function sendBlockPage(res: ServerResponse) {
  res.writeHead(403, { 'content-type': 'text/html; charset=utf-8' });
  res.end(SEC_BLOCK_PAGE);
}

// data.sec.gov answers an unknown CIK with 404 and an S3-style XML error body (seen in public
// code; the body is not documented, only the status is relied on).
function sendNoSuchKey(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'application/xml' });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
  );
}

export async function startSecEdgarServer(): Promise<SecEdgarDouble> {
  const calls: SecCall[] = [];
  const double = {
    calls,
    blocked: false,
    failNext: [] as SecQueued[],
  } as SecEdgarDouble;

  const handler = (host: 'www' | 'data') => (req: IncomingMessage, _body: string, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const userAgent = req.headers['user-agent'];
    calls.push({ host, path, userAgent, headers: { ...req.headers }, at: Date.now() });
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'method not allowed' });
    if (double.blocked || !userAgent || !DECLARED_AGENT.test(userAgent)) return sendBlockPage(res);
    const queued = double.failNext.findIndex((q) => q.host === undefined || q.host === host);
    if (queued >= 0) {
      const [answer] = double.failNext.splice(queued, 1);
      if (answer) {
        if (answer.raw !== undefined) {
          res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          res.end(answer.raw);
          return undefined;
        }
        return sendJson(res, answer.status, answer.body ?? {}, answer.headers);
      }
    }
    if (host === 'www' && path === '/files/company_tickers.json') return sendJson(res, 200, COMPANY_TICKERS);
    const submission = host === 'data' ? /^\/submissions\/CIK(\d{10})\.json$/.exec(path) : null;
    if (submission) {
      const make = SUBMISSIONS[submission[1] ?? ''];
      return make ? sendJson(res, 200, make()) : sendNoSuchKey(res);
    }
    return sendNoSuchKey(res);
  };

  const [www, data] = await Promise.all([startHttpDouble(handler('www')), startHttpDouble(handler('data'))]);
  double.www = www;
  double.data = data;
  double.count = (host, path) => calls.filter((c) => c.host === host && (!path || path.test(c.path))).length;
  double.reset = () => {
    calls.length = 0;
    for (const server of [www, data]) {
      server.requests = 0;
      server.connections = 0;
    }
    double.blocked = false;
    double.failNext.length = 0;
  };
  double.close = async () => {
    await Promise.all([www.close(), data.close()]);
  };
  return double;
}
