// Double of the Codex GraphQL API (https://graph.codex.io): `POST /graphql`, the secret key as the
// raw `Authorization: <key>` header (https://docs.codex.io/concepts/authentication; a
// `Bearer <key>` is not accepted for a secret key). It answers `filterTokens` (filters `network`
// and `liquidity`, one ranking `{attribute, direction}`, `limit`, `offset`;
// https://docs.codex.io/api-reference/queries/filtertokens) over the tokens of network 4663, and
// `getNetworks`. Like Codex, a network it does not index answers an empty list, not an error
// (github.com/Codex-Data/skills references/gotchas.md "networkId validation"); a rate limit is an
// HTTP 429, not a GraphQL error (same file). A rejected key answers `Unauthorized`
// (docs.codex.io/concepts/authentication "Errors"; references/apis.md "401 / UNAUTHENTICATED"),
// as HTTP 401 or, with `authStyle: 'graphql200'`, as a GraphQL error in an HTTP 200 answer.
// Values are illustrative.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  type HttpDouble,
  type QueuedAnswer as SharedQueuedAnswer,
} from './http-double.js';

export const CODEX_NETWORK_ID = 4663;
export const CODEX_TOKENS = {
  aaa: '0x2222222222222222222222222222222222222222',
  bbb: '0x3333333333333333333333333333333333333333',
  ccc: '0x4444444444444444444444444444444444444444',
  ddd: '0x5555555555555555555555555555555555555555',
} as const;
export const CODEX_PAIR = '0x7777777777777777777777777777777777777777';

export interface CodexCall {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { query?: string; variables?: Record<string, unknown>; operationName?: string } | undefined;
}

/** Answers served in order, one a request, instead of the normal one. */
export type QueuedAnswer = Omit<SharedQueuedAnswer, 'match'>;

export interface CodexDouble extends HttpDouble {
  calls: CodexCall[];
  /** Requests whose query names this root field (`filterTokens`, `getNetworks`). */
  count: (field: string) => number;
  failNext: QueuedAnswer[];
  /** How a rejected key is answered. */
  authStyle: 'http401' | 'graphql200';
  /** Whether Codex indexes network 4663 (listed by getNetworks, tokens in filterTokens). */
  networkListed: boolean;
  /** A `null` entry among the results (`results: [TokenFilterResult]` allows it). */
  nullRow: boolean;
  reset: () => void;
}

const windows = (prefix: string, values: (string | number | null)[]) =>
  Object.fromEntries(['5m', '1', '4', '12', '24'].map((w, i) => [`${prefix}${w}`, values[i] ?? null]));

// `TokenFilterResult` (https://docs.codex.io/api-reference/queries/filtertokens, "Returns";
// schema github.com/Codex-Data/sdk src/resources/schema.graphql): prices, volumes, liquidity,
// market caps and changes are strings, changes in "Decimal format" (0.052 = +5.2 %), counts Int,
// times unix seconds; `token` an EnhancedToken. CCC is a thin token: no liquidity, no holders, no
// pair, no name, and no 24 h change (null, as the schema allows).
const ROWS: Record<string, unknown>[] = [
  {
    priceUSD: '1.2345',
    liquidity: '880000.5',
    marketCap: '12000000',
    circulatingMarketCap: '9500000',
    holders: 1520,
    createdAt: 1788000000,
    lastTransaction: 1790720000,
    ...windows('volume', ['1200.5', '25000', '98000', '400000', '1520000.5']),
    ...windows('change', ['0.001', '-0.004', '0.01', '0.03', '0.052']),
    ...windows('txnCount', [4, 40, 160, 600, 1200]),
    ...windows('buyCount', [3, 22, 90, 350, 700]),
    ...windows('sellCount', [1, 18, 70, 250, 500]),
    pair: { address: CODEX_PAIR, networkId: CODEX_NETWORK_ID },
    token: {
      address: CODEX_TOKENS.aaa,
      name: 'Alpha Token',
      symbol: 'AAA',
      decimals: 18,
      networkId: CODEX_NETWORK_ID,
      isScam: false,
    },
  },
  {
    priceUSD: '0.0421',
    liquidity: '45000',
    marketCap: '420000',
    circulatingMarketCap: null,
    holders: 310,
    createdAt: 1789000000,
    lastTransaction: 1790719000,
    ...windows('volume', ['0', '800', '5000', '40000', '98000.25']),
    ...windows('change', ['0', '-0.02', '-0.05', '-0.1', '-0.1234']),
    ...windows('txnCount', [0, 12, 44, 130, 240]),
    ...windows('buyCount', [0, 5, 20, 60, 100]),
    ...windows('sellCount', [0, 7, 24, 70, 140]),
    pair: { address: '0x8888888888888888888888888888888888888888', networkId: CODEX_NETWORK_ID },
    token: {
      address: CODEX_TOKENS.bbb,
      name: 'Beta',
      symbol: 'BBB',
      decimals: 6,
      networkId: CODEX_NETWORK_ID,
      isScam: false,
    },
  },
  {
    priceUSD: '0.000001234',
    liquidity: null,
    marketCap: '1234',
    circulatingMarketCap: null,
    holders: null,
    createdAt: 1790700000,
    lastTransaction: 1790710000,
    ...windows('volume', [null, null, '150', '2000', '5000']),
    ...windows('change', [null, null, '0.2', '0.4', null]),
    ...windows('txnCount', [null, null, 3, 9, 15]),
    ...windows('buyCount', [null, null, 3, 6, 10]),
    ...windows('sellCount', [null, null, 0, 3, 5]),
    pair: null,
    token: {
      address: CODEX_TOKENS.ccc,
      name: null,
      symbol: 'CCC',
      decimals: 18,
      networkId: CODEX_NETWORK_ID,
    },
  },
  {
    priceUSD: '0.5',
    liquidity: '120000',
    marketCap: '5000000',
    circulatingMarketCap: '5000000',
    holders: 80,
    createdAt: 1790600000,
    lastTransaction: 1790719500,
    ...windows('volume', ['500', '9000', '30000', '120000', '250000']),
    ...windows('change', ['0.01', '0.1', '0.3', '0.6', '0.9']),
    ...windows('txnCount', [2, 30, 90, 300, 520]),
    ...windows('buyCount', [2, 25, 70, 240, 410]),
    ...windows('sellCount', [0, 5, 20, 60, 110]),
    pair: { address: '0x9999999999999999999999999999999999999999', networkId: CODEX_NETWORK_ID },
    token: {
      address: CODEX_TOKENS.ddd,
      name: 'Delta',
      symbol: 'DDD',
      decimals: 18,
      networkId: CODEX_NETWORK_ID,
      isScam: true,
    },
  },
];

// `getNetworks: [Network!]!` (Codex schema, github.com/Codex-Data/sdk src/resources/schema.graphql:
// `Network { name, id, networkShortName }`).
const NETWORKS = [
  { id: 1, name: 'ethereum' },
  { id: 8453, name: 'base' },
  { id: 1399811149, name: 'solana' },
];

const unauthorized = { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] };

function sortKey(row: Record<string, unknown>, attribute: string): number | undefined {
  const value = row[attribute];
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function filterTokens(double: CodexDouble, variables: Record<string, unknown>) {
  const filters = (variables.filters ?? {}) as { network?: number[]; liquidity?: { gte?: number } };
  const ranking = ((variables.rankings ?? []) as { attribute?: string; direction?: string }[])[0];
  const limit = typeof variables.limit === 'number' ? variables.limit : 50;
  const offset = typeof variables.offset === 'number' ? variables.offset : 0;
  let rows = double.networkListed && filters.network?.includes(CODEX_NETWORK_ID) ? [...ROWS] : [];
  const gte = filters.liquidity?.gte;
  if (gte !== undefined) rows = rows.filter((r) => (sortKey(r, 'liquidity') ?? -Infinity) >= gte);
  if (ranking?.attribute) {
    const attribute = ranking.attribute;
    const sign = ranking.direction === 'ASC' ? 1 : -1;
    rows.sort((a, b) => {
      const ka = sortKey(a, attribute);
      const kb = sortKey(b, attribute);
      if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
      return sign * (ka - kb);
    });
  }
  const results: (Record<string, unknown> | null)[] = rows.slice(offset, offset + limit);
  if (double.nullRow && results.length > 1) results.splice(1, 0, null);
  return { data: { filterTokens: { count: results.length, page: offset, results } } };
}

export async function startCodexServer(key: string): Promise<CodexDouble> {
  const ref: { self?: CodexDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as CodexDouble;
    const path = new URL(req.url ?? '/', double.origin).pathname;
    let body: CodexCall['body'];
    try {
      body = JSON.parse(raw) as CodexCall['body'];
    } catch {
      body = undefined;
    }
    double.calls.push({
      path,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    if (path !== '/graphql' || req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not Found');
    }
    if (req.headers.authorization !== key)
      return double.authStyle === 'http401'
        ? sendJson(res, 401, unauthorized)
        : sendJson(res, 200, { data: null, ...unauthorized });
    const queued = double.failNext.shift();
    if (queued) return sendQueued(res, queued);
    const query = body?.query ?? '';
    if (/\bfilterTokens\s*\(/.test(query))
      return sendJson(res, 200, filterTokens(double, body?.variables ?? {}));
    if (/\bgetNetworks\b/.test(query)) {
      const networks = double.networkListed
        ? [...NETWORKS, { id: CODEX_NETWORK_ID, name: 'robinhood' }]
        : NETWORKS;
      return sendJson(res, 200, { data: { getNetworks: networks } });
    }
    // A query the schema does not have: a GraphQL validation error (HTTP 400, graphql-over-http).
    return sendJson(res, 400, {
      errors: [
        { message: 'Cannot query field on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      ],
    });
  });
  const authStyle: CodexDouble['authStyle'] = 'http401';
  const double: CodexDouble = Object.assign(http, {
    calls: [] as CodexCall[],
    count: (field: string) => double.calls.filter((c) => (c.body?.query ?? '').includes(field)).length,
    failNext: [] as QueuedAnswer[],
    authStyle,
    networkListed: true,
    nullRow: false,
    reset: () => {
      double.calls.length = 0;
      double.failNext.length = 0;
      double.authStyle = 'http401';
      double.networkListed = true;
      double.nullRow = false;
    },
  });
  ref.self = double;
  return double;
}
