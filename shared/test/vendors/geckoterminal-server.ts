// Double of the GeckoTerminal public API v2 (keyless), GET {origin}/api/v2/... . Paths, query
// parameters and JSON:API shapes follow the CoinGecko on-chain reference
// (https://docs.coingecko.com/reference/<operation>, operations named above each payload), the
// generated SDK github.com/coingecko/coingecko-typescript `src/resources/onchain/**`, and
// the vendor's documentation (errors, Robinhood ids). Values are illustrative test data.
// Known networks: `robinhood` and `eth`; any other network id answers the documented 404 error
// document, as do unknown pools and tokens.
import type { IncomingMessage } from 'node:http';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';
import type { Reply } from './json-rpc-double.js';

export const GT = {
  pool: '0x1111111111111111111111111111111111111111',
  v4Pool: `0x${'ab'.repeat(32)}`,
  token: '0x2222222222222222222222222222222222222222',
  weth: '0x3333333333333333333333333333333333333333',
  unknown: '0x9999999999999999999999999999999999999999',
} as const;

export interface GeckoterminalDouble extends HttpDouble {
  baseUrl: string;
  /** Path and query of every request, in order. */
  paths: string[];
  /** The Accept header of every request (any value is answered). */
  accepts: (string | undefined)[];
  /** Queued replies (429, 5xx, HTML ...), answered before any route. */
  failNext: Reply[];
  /** Every list answers `data: []`. */
  emptyLists: boolean;
  /** Pools leave out fdv_usd, market_cap_usd, reserve_in_usd and price_change_percentage.h24. */
  stripPoolFields: boolean;
  /**
   * The pools that have OHLCV, keyed by lower-case address (matched case-insensitively): their
   * rows `[t, o, h, l, c, v]` newest first and the `meta` tokens. GT.pool only until a test adds
   * more; reset() puts it back.
   */
  ohlcvPools: Map<string, OhlcvPool>;
  /**
   * While set, `/networks/:net/new_pools` lists these pools (newest first as given) instead of
   * the default two, each quoted against WETH with its base token in `included`; reset() clears it.
   */
  newPools: NewPool[] | undefined;
  /** Requests whose path starts with `prefix` (after /api/v2). */
  count: (prefix: string) => number;
  /** Forget the requests and switch every scenario off. */
  reset: () => void;
}

/** A pool of `newPools`: its address, base token, liquidity (USD) and creation time (ISO). */
export interface NewPool {
  address: string;
  base: { address: string; symbol: string; name: string };
  reserveUsd: string;
  createdAt: string;
}

/** One pool's OHLCV as https://docs.coingecko.com/reference/pool-ohlcv-contract-address sends it. */
export interface OhlcvPool {
  /** `[timestamp, open, high, low, close, volume]`, newest first. */
  rows: number[][];
  meta: {
    base: { address: string; name: string; symbol: string; coingecko_coin_id: string | null };
    quote: { address: string; name: string; symbol: string; coingecko_coin_id: string | null };
  };
}

/** GT.pool's hourly candles (EXM in USD, quoted against WETH). */
export const GT_OHLCV: OhlcvPool = {
  rows: [
    [1756688400, 0.0297, 0.0305, 0.0295, 0.0301, 980.2],
    [1756684800, 0.0291, 0.0302, 0.0288, 0.0297, 1520.4],
    [1756681200, 0.0285, 0.0293, 0.0281, 0.0291, 2210.9],
  ],
  meta: {
    base: { address: GT.token, name: 'Example', symbol: 'EXM', coingecko_coin_id: null },
    quote: { address: GT.weth, name: 'Wrapped Ether', symbol: 'WETH', coingecko_coin_id: 'weth' },
  },
};

const NETWORKS = new Set(['robinhood', 'eth']);
const notFound = {
  errors: [{ status: '404', title: 'Not Found' }],
  meta: { ref_id: 'f3c1e0d2-0000-4000-8000-000000000001' },
};

// Token resource (included): https://docs.coingecko.com/reference/pool-address, "included".
const tokenResource = (network: string, address: string) =>
  address === GT.token
    ? {
        id: `${network}_${address}`,
        type: 'token',
        attributes: {
          address,
          name: 'Example',
          symbol: 'EXM',
          decimals: 18,
          image_url: 'missing.png',
          coingecko_coin_id: null,
        },
      }
    : {
        id: `${network}_${address}`,
        type: 'token',
        attributes: {
          address,
          name: 'Wrapped Ether',
          symbol: 'WETH',
          decimals: 18,
          image_url: 'missing.png',
          coingecko_coin_id: 'weth',
        },
      };

// Dex resource (included): https://docs.coingecko.com/reference/dexes-list.
const dexResource = (id: string) => ({
  id,
  type: 'dex',
  attributes: { name: id === 'uniswap_v3' ? 'Uniswap V3' : 'Uniswap V4 (Robinhood)' },
});

// Pool resource: https://docs.coingecko.com/reference/pool-address (data.attributes, data.relationships).
function poolResource(network: string, address: string, strip: boolean) {
  const v4 = address === GT.v4Pool;
  const attributes: Record<string, unknown> = {
    address,
    name: v4 ? 'EXM / WETH' : 'EXM / WETH 0.3%',
    pool_created_at: v4 ? '2026-09-01T08:00:00Z' : '2026-08-20T09:00:00Z',
    base_token_price_usd: '0.02975',
    base_token_price_native_currency: '0.0000124',
    quote_token_price_usd: '2399.10',
    quote_token_price_native_currency: '1.0',
    base_token_price_quote_token: '0.0000124',
    quote_token_price_base_token: '80645.16',
    fdv_usd: '2975000',
    market_cap_usd: v4 ? null : '1490000',
    price_change_percentage: { m5: '0.35', h1: '-1.1', h6: '4.2', h24: '12.8' },
    transactions: {
      m5: { buys: 2, sells: 1, buyers: 2, sellers: 1 },
      h1: { buys: 30, sells: 14, buyers: 22, sellers: 11 },
      h24: { buys: v4 ? 900 : 410, sells: 377, buyers: 190, sellers: null },
    },
    volume_usd: { m5: '12.4', h1: '880.0', h6: '4120.5', h24: v4 ? '5000.5' : '18586.21' },
    reserve_in_usd: v4 ? '41000.2' : '98873.55',
  };
  if (strip) {
    for (const key of ['fdv_usd', 'market_cap_usd', 'reserve_in_usd']) delete attributes[key];
    delete (attributes.price_change_percentage as Record<string, string>).h24;
  }
  return {
    id: `${network}_${address}`,
    type: 'pool',
    attributes,
    relationships: {
      base_token: { data: { id: `${network}_${GT.token}`, type: 'token' } },
      quote_token: { data: { id: `${network}_${GT.weth}`, type: 'token' } },
      dex: { data: { id: v4 ? 'uniswap-v4-robinhood' : 'uniswap_v3', type: 'dex' } },
    },
  };
}

/** `included` as asked by `include=base_token,quote_token,dex`. */
function includedFor(network: string, include: string | null, dexes: string[]) {
  const wanted = new Set((include ?? '').split(',').map((s) => s.trim()));
  return [
    ...(wanted.has('base_token') ? [tokenResource(network, GT.token)] : []),
    ...(wanted.has('quote_token') ? [tokenResource(network, GT.weth)] : []),
    ...(wanted.has('dex') ? [...new Set(dexes)].map(dexResource) : []),
  ];
}

type Route = (m: RegExpMatchArray, q: URLSearchParams, d: GeckoterminalDouble) => unknown;

// A listed new pool: https://docs.coingecko.com/reference/latest-pools-network (data[] pool
// resources, `included` tokens with include=base_token,quote_token).
function newPoolList(network: string, q: URLSearchParams, list: NewPool[]) {
  if (Number(q.get('page') ?? '1') > 1) return { data: [] };
  const data = list.map((p) => ({
    id: `${network}_${p.address}`,
    type: 'pool',
    attributes: {
      address: p.address,
      name: `${p.base.symbol} / WETH`,
      pool_created_at: p.createdAt,
      base_token_price_usd: '0.001',
      quote_token_price_usd: '2399.10',
      fdv_usd: null,
      market_cap_usd: null,
      price_change_percentage: { m5: '0', h1: '0', h6: '0', h24: '0' },
      volume_usd: { m5: '0', h1: '0', h6: '0', h24: '0' },
      reserve_in_usd: p.reserveUsd,
    },
    relationships: {
      base_token: { data: { id: `${network}_${p.base.address}`, type: 'token' } },
      quote_token: { data: { id: `${network}_${GT.weth}`, type: 'token' } },
      dex: { data: { id: 'uniswap-v4-robinhood', type: 'dex' } },
    },
  }));
  const wanted = new Set((q.get('include') ?? '').split(',').map((x) => x.trim()));
  const included = [
    ...(wanted.has('base_token')
      ? list.map((p) => ({
          id: `${network}_${p.base.address}`,
          type: 'token',
          attributes: {
            address: p.base.address,
            name: p.base.name,
            symbol: p.base.symbol,
            decimals: 18,
            image_url: 'missing.png',
            coingecko_coin_id: null,
          },
        }))
      : []),
    ...(wanted.has('quote_token') ? [tokenResource(network, GT.weth)] : []),
    ...(wanted.has('dex') ? [dexResource('uniswap-v4-robinhood')] : []),
  ];
  return included.length > 0 ? { data, included } : { data };
}

function poolList(network: string, q: URLSearchParams, d: GeckoterminalDouble, kind = 'pools') {
  if (kind === 'new_pools' && d.newPools && !d.emptyLists) return newPoolList(network, q, d.newPools);
  if (d.emptyLists || Number(q.get('page') ?? '1') > 1) return { data: [] };
  const pools = [
    poolResource(network, GT.pool, d.stripPoolFields),
    poolResource(network, GT.v4Pool, d.stripPoolFields),
  ];
  // Sort values: https://docs.coingecko.com/reference/top-pools-network ("sort").
  if (q.get('sort') === 'h24_tx_count_desc') pools.reverse();
  const dexes = pools.map((p) => p.relationships.dex.data.id);
  const included = includedFor(network, q.get('include'), dexes);
  return included.length > 0 ? { data: pools, included } : { data: pools };
}

const routes: [RegExp, Route][] = [
  // Networks: https://docs.coingecko.com/reference/networks-list (data[].attributes.name, coingecko_asset_platform_id).
  [
    /^\/networks$/,
    (_m, q, d) =>
      d.emptyLists || Number(q.get('page') ?? '1') > 3
        ? { data: [] }
        : {
            data: [
              {
                id: 'eth',
                type: 'network',
                attributes: { name: 'Ethereum', coingecko_asset_platform_id: 'ethereum' },
              },
              {
                id: 'robinhood',
                type: 'network',
                attributes: { name: 'Robinhood', coingecko_asset_platform_id: null },
              },
            ],
          },
  ],
  // Dexes: https://docs.coingecko.com/reference/dexes-list.
  [
    /^\/networks\/([^/]+)\/dexes$/,
    (_m, _q, d) => ({
      data: d.emptyLists ? [] : [dexResource('uniswap_v3'), dexResource('uniswap-v4-robinhood')],
    }),
  ],
  // Token pools: https://docs.coingecko.com/reference/top-pools-contract-address.
  [
    /^\/networks\/([^/]+)\/tokens\/([^/]+)\/pools$/,
    (m, q, d) => (m[2] === GT.token ? poolList(m[1] ?? '', q, d) : { data: [] }),
  ],
  // Token: https://docs.coingecko.com/reference/token-data-contract-address (include=top_pools).
  [
    /^\/networks\/([^/]+)\/tokens\/([^/]+)$/,
    (m, q, d) => {
      const network = m[1] ?? '';
      if (m[2] !== GT.token) return undefined;
      const top = [
        poolResource(network, GT.pool, d.stripPoolFields),
        poolResource(network, GT.v4Pool, d.stripPoolFields),
      ];
      const doc = {
        data: {
          id: `${network}_${GT.token}`,
          type: 'token',
          attributes: {
            address: GT.token,
            name: 'Example',
            symbol: 'EXM',
            image_url: 'missing.png',
            coingecko_coin_id: null,
            decimals: 18,
            total_supply: '100000000000000000000000000.0',
            price_usd: '0.02975',
            fdv_usd: '2975000',
            total_reserve_in_usd: '139873.75',
            volume_usd: { h24: '23586.71' },
            market_cap_usd: null,
          },
          relationships: { top_pools: { data: top.map((p) => ({ id: p.id, type: 'pool' })) } },
        },
      };
      return q.get('include') === 'top_pools' ? { ...doc, included: top } : doc;
    },
  ],
  // OHLCV: https://docs.coingecko.com/reference/pool-ohlcv-contract-address (newest first; rows [t, o, h, l, c, v]; meta.base/quote).
  [
    /^\/networks\/([^/]+)\/pools\/([^/]+)\/ohlcv\/([^/]+)$/,
    (m, q, d) => {
      const pool = d.ohlcvPools.get((m[2] ?? '').toLowerCase());
      if (!pool) return undefined;
      const before = Number(q.get('before_timestamp') ?? Infinity);
      const list = pool.rows.filter((r) => (r[0] ?? 0) < before).slice(0, Number(q.get('limit') ?? '100'));
      return {
        data: {
          id: 'bc786a99-7205-4c80-aaa1-b9634d97c926',
          type: 'ohlcv_request_response',
          attributes: { ohlcv_list: list },
        },
        meta: pool.meta,
      };
    },
  ],
  // Trades: https://docs.coingecko.com/reference/pool-trades-contract-address (last 300 of 24 h, newest first).
  [
    /^\/networks\/([^/]+)\/pools\/([^/]+)\/trades$/,
    (m, q) => {
      if (m[2] !== GT.pool) return undefined;
      const trade = (n: number, kind: 'buy' | 'sell', usd: string, at: string) => ({
        id: `${m[1]}_${19612255 + n}_0x${String(n).repeat(64)}_4_${Date.parse(at) / 1000}`,
        type: 'trade',
        attributes: {
          block_number: 19612255 + n,
          tx_hash: `0x${String(n).repeat(64)}`,
          tx_from_address: '0x4242424242424242424242424242424242424242',
          from_token_amount: kind === 'buy' ? '0.5' : '40000.0',
          to_token_amount: kind === 'buy' ? '40320.0' : '0.49',
          price_from_in_currency_token: '1.0',
          price_to_in_currency_token: '0.0000124',
          price_from_in_usd: kind === 'buy' ? '2399.10' : '0.02970',
          price_to_in_usd: kind === 'buy' ? '0.02975' : '2399.10',
          block_timestamp: at,
          kind,
          volume_in_usd: usd,
          from_token_address: kind === 'buy' ? GT.weth : GT.token,
          to_token_address: kind === 'buy' ? GT.token : GT.weth,
        },
      });
      const all = [
        trade(2, 'sell', '1188.0', '2026-09-08T16:52:35Z'),
        trade(1, 'buy', '1199.55', '2026-09-08T16:40:11Z'),
      ];
      const min = Number(q.get('trade_volume_in_usd_greater_than') ?? '0');
      return { data: all.filter((t) => Number(t.attributes.volume_in_usd) > min) };
    },
  ],
  // One pool: https://docs.coingecko.com/reference/pool-address (include=base_token,quote_token,dex).
  [
    /^\/networks\/([^/]+)\/pools\/([^/]+)$/,
    (m, q, d) => {
      const network = m[1] ?? '';
      if (m[2] !== GT.pool && m[2] !== GT.v4Pool) return undefined;
      const data = poolResource(network, m[2], d.stripPoolFields);
      const included = includedFor(network, q.get('include'), [data.relationships.dex.data.id]);
      return included.length > 0 ? { data, included } : { data };
    },
  ],
  // Top, trending and new pools: https://docs.coingecko.com/reference/top-pools-network,
  // /trending-pools-network (duration 5m/1h/6h/24h), /latest-pools-network.
  [/^\/networks\/([^/]+)\/(pools|trending_pools|new_pools)$/, (m, q, d) => poolList(m[1] ?? '', q, d, m[2])],
  // Simple token price: https://docs.coingecko.com/reference/onchain-simple-price (maps keyed by lower-case address; extras only when asked).
  [
    /^\/simple\/networks\/([^/]+)\/token_price\/([^/]+)$/,
    (m, q) => {
      const known = (m[2] ?? '')
        .split(',')
        .map((a) => a.toLowerCase())
        .filter((a) => a === GT.token);
      const map = (value: string | null) => Object.fromEntries(known.map((a) => [a, value]));
      const flag = (name: string) => q.get(name) === 'true';
      return {
        data: {
          id: '1ba898f0-eda2-4291-9491-9a5b323f66ef',
          type: 'simple_token_price',
          attributes: {
            token_prices: map('0.02975'),
            ...(flag('include_market_cap') ? { market_cap_usd: map(null) } : {}),
            ...(flag('include_24hr_vol') ? { h24_volume_usd: map('18586.21') } : {}),
            ...(flag('include_24hr_price_change') ? { h24_price_change_percentage: map('12.8') } : {}),
            ...(flag('include_total_reserve_in_usd') ? { total_reserve_in_usd: map('98873.55') } : {}),
            last_trade_timestamp: Object.fromEntries(known.map((a) => [a, 1788886355])),
          },
        },
      };
    },
  ],
];

function networkOf(path: string): string | undefined {
  return path.match(/^(?:\/simple)?\/networks\/([^/]+)\//)?.[1];
}

export async function startGeckoterminalServer(): Promise<GeckoterminalDouble> {
  const ref: { self?: GeckoterminalDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const d = ref.self as GeckoterminalDouble;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith('/api/v2/')) return sendJson(res, 404, notFound);
    const path = url.pathname.slice('/api/v2'.length);
    d.paths.push(`${path}${url.search}`);
    d.accepts.push(req.headers.accept);
    const queued = d.failNext.shift();
    if (queued) {
      if (queued.raw !== undefined) {
        res.writeHead(queued.status, { 'content-type': 'text/html', ...queued.headers });
        return res.end(queued.raw);
      }
      return sendJson(res, queued.status, queued.body, queued.headers);
    }
    const network = networkOf(path);
    if (network !== undefined && !NETWORKS.has(network)) return sendJson(res, 404, notFound);
    for (const [pattern, route] of routes) {
      const match = path.match(pattern);
      if (!match) continue;
      const body = route(match, url.searchParams, d);
      return body === undefined ? sendJson(res, 404, notFound) : sendJson(res, 200, body);
    }
    return sendJson(res, 404, notFound);
  });
  const self: GeckoterminalDouble = Object.assign(http, {
    baseUrl: `${http.origin}/api/v2`,
    paths: [],
    accepts: [],
    failNext: [],
    emptyLists: false,
    stripPoolFields: false,
    ohlcvPools: new Map([[GT.pool, GT_OHLCV]]),
    newPools: undefined,
    reset: () => {
      self.newPools = undefined;
      self.paths.length = 0;
      self.accepts.length = 0;
      self.failNext.length = 0;
      self.emptyLists = false;
      self.stripPoolFields = false;
      self.ohlcvPools = new Map([[GT.pool, GT_OHLCV]]);
    },
    count: (prefix: string) => self.paths.filter((p) => p.startsWith(prefix)).length,
  });
  ref.self = self;
  return self;
}
