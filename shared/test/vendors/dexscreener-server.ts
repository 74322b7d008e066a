// Double of the DexScreener public API (https://docs.dexscreener.com/api/reference): keyless GETs
// on the vendor's exact paths, `/latest/dex/search?q=`, `/tokens/v1/{chainId}/{addresses}`
// (comma-separated), `/token-pairs/v1/{chainId}/{tokenAddress}` and
// `/latest/dex/pairs/{chainId}/{pairIds}`. Not indexed is a 200 with `pairs: null` or `[]`, never a
// 404; an unknown chain slug is answered like an unlisted token; 429 has a short plain body. Values
// are illustrative test data; a test may list its own pairs instead (`pairs`).
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export const DEX = {
  /** Example token (EXM) on robinhood. */
  EXM: '0x2222222222222222222222222222222222222222',
  /** Wrapped Ether on robinhood: only ever the quote token; sent checksummed (mixed case). */
  WETH: '0x3333333333333333333333333333333333AbCdEf',
  USDC: '0x5555555555555555555555555555555555555555',
  /** EXM/WETH, uniswap v3 on robinhood: every documented member filled. */
  PAIR_V3: '0x1111111111111111111111111111111111111111',
  /** EXM/USDC, uniswap v2 on robinhood: labels null, no info. */
  PAIR_V2: '0x4444444444444444444444444444444444444444',
  /** EXM on ethereum (another chain, found by search only). */
  EXM_ETH: '0x7777777777777777777777777777777777777777',
  PAIR_ETH: '0x6666666666666666666666666666666666666666',
  UNKNOWN: '0x9999999999999999999999999999999999999999',
} as const;

export type DexRoute = 'search' | 'tokens' | 'tokenPairs' | 'pairs' | 'other';

export interface DexscreenerReply {
  status: number;
  body?: unknown;
  /** A plain-text body instead of JSON. */
  raw?: string;
}

export interface DexscreenerDouble extends HttpDouble {
  baseUrl: string;
  /** Every path asked, with its query, in order. */
  paths: string[];
  /** Requests per endpoint. */
  counts: Record<DexRoute, number>;
  /** Answer every request with HTTP 429 and a short plain body. */
  rateLimited: boolean;
  /** Replies for the next requests, one each, before normal service. */
  failNext: DexscreenerReply[];
  /** Members removed from every pair sent (dotted paths: `liquidity`, `priceChange.h24`). */
  omit: string[];
  /** Members set to null in every pair sent. */
  nullify: string[];
  /** `/tokens/v1` for unknown tokens: `[]` (default) or `{schemaVersion, pairs: null}` (both seen). */
  unknownTokens: 'array' | 'null';
  /**
   * The pairs every endpoint lists instead of the double's own (a test's market, each a Pair
   * object of the reference); undefined: the double's own.
   */
  pairs: DexPairBody[] | undefined;
  reset: () => void;
}

// Pair object of https://docs.dexscreener.com/api/reference, schema "Pair" (as returned by
// "Get one or multiple pairs by chain and pair address", "Get one or multiple pairs by token
// address", "Get the pools of a given token address" and "Search for pairs matching query"):
// every documented member present, windows m5/h1/h6/h24, prices as strings, amounts as numbers.
const PAIR_V3 = {
  chainId: 'robinhood',
  dexId: 'uniswap',
  url: `https://dexscreener.com/robinhood/${DEX.PAIR_V3}`,
  pairAddress: DEX.PAIR_V3,
  labels: ['v3'],
  baseToken: { address: DEX.EXM, name: 'Example', symbol: 'EXM' },
  quoteToken: { address: DEX.WETH, name: 'Wrapped Ether', symbol: 'WETH' },
  priceNative: '0.00001240',
  priceUsd: '0.02975',
  txns: {
    m5: { buys: 2, sells: 1 },
    h1: { buys: 30, sells: 14 },
    h6: { buys: 120, sells: 88 },
    h24: { buys: 410, sells: 377 },
  },
  volume: { h24: 18586.21, h6: 4120.5, h1: 880, m5: 12.4 },
  priceChange: { m5: 0.35, h1: -1.1, h6: 4.2, h24: 12.8 },
  liquidity: { usd: 98873.55, base: 1650000, quote: 20.6 },
  fdv: 2975000,
  marketCap: 2975000,
  pairCreatedAt: 1756000000000,
  info: {
    imageUrl: 'https://example.invalid/exm.png',
    websites: [{ label: 'Website', url: 'https://example.invalid' }],
    socials: [{ type: 'twitter', url: 'https://x.com/example' }],
  },
  boosts: { active: 0 },
};

// Pair object of https://docs.dexscreener.com/api/reference, schema "Pair", with the members the
// schema marks nullable left null (`labels`) and the optional ones left out (`info`, `boosts`).
const PAIR_V2 = {
  chainId: 'robinhood',
  dexId: 'uniswap',
  url: `https://dexscreener.com/robinhood/${DEX.PAIR_V2}`,
  pairAddress: DEX.PAIR_V2,
  labels: null,
  baseToken: { address: DEX.EXM, name: 'Example', symbol: 'EXM' },
  quoteToken: { address: DEX.USDC, name: 'USD Coin', symbol: 'USDC' },
  priceNative: '0.02971',
  priceUsd: '0.02971',
  txns: {
    m5: { buys: 0, sells: 0 },
    h1: { buys: 3, sells: 2 },
    h6: { buys: 11, sells: 9 },
    h24: { buys: 40, sells: 31 },
  },
  volume: { h24: 2210.4, h6: 301.2, h1: 40.5, m5: 0 },
  priceChange: { m5: 0, h1: -0.8, h6: 3.9, h24: 12.1 },
  liquidity: { usd: 15220.1, base: 256000, quote: 7610.05 },
  fdv: 2971000,
  marketCap: 2971000,
  pairCreatedAt: 1757000000000,
};

// Pair object of https://docs.dexscreener.com/api/reference, schema "Pair", on another chain
// (the search answer "may span chains").
const PAIR_ETH = {
  chainId: 'ethereum',
  dexId: 'uniswap',
  url: `https://dexscreener.com/ethereum/${DEX.PAIR_ETH}`,
  pairAddress: DEX.PAIR_ETH,
  labels: ['v2'],
  baseToken: { address: DEX.EXM_ETH, name: 'Example', symbol: 'EXM' },
  quoteToken: {
    address: '0x8888888888888888888888888888888888888888',
    name: 'Wrapped Ether',
    symbol: 'WETH',
  },
  priceNative: '0.00001251',
  priceUsd: '0.03001',
  txns: { h24: { buys: 12, sells: 10 } },
  volume: { h24: 990.3 },
  priceChange: { h24: 13.4 },
  liquidity: { usd: 41000.2, base: 683000, quote: 8.55 },
  fdv: 3001000,
  marketCap: 3001000,
  pairCreatedAt: 1740000000000,
};

/** The pairs the double lists when a test sets none (`pairs`). */
export const PAIRS = [PAIR_V3, PAIR_V2, PAIR_ETH];

/** The members of a Pair the double routes on; every other member is sent as given. */
export interface DexPairBody {
  chainId: string;
  pairAddress: string;
  baseToken: { address: string; name: string; symbol: string };
  quoteToken: { address: string; name: string; symbol: string };
  [member: string]: unknown;
}

function involves(pair: DexPairBody, token: string): boolean {
  const t = token.toLowerCase();
  return pair.baseToken.address.toLowerCase() === t || pair.quoteToken.address.toLowerCase() === t;
}

// A search matches token names, symbols and addresses, and the chain's slug: a search for
// `robinhood` answered pairs with `"chainId":"robinhood"` ([obs]).
function matches(pair: DexPairBody, q: string): boolean {
  const needle = q.toLowerCase();
  return (
    pair.chainId === needle ||
    [pair.baseToken, pair.quoteToken].some((t) =>
      [t.address, t.name, t.symbol].some((v) => v.toLowerCase().includes(needle)),
    )
  );
}

/** The pair as sent: a copy with the double's omitted and nullified members applied. */
function shaped(pair: DexPairBody, double: DexscreenerDouble): Record<string, unknown> {
  const copy = structuredClone(pair) as Record<string, unknown>;
  const edit = (path: string, action: 'omit' | 'null') => {
    const keys = path.split('.');
    let target: unknown = copy;
    for (const key of keys.slice(0, -1)) {
      target = target && typeof target === 'object' ? (target as Record<string, unknown>)[key] : undefined;
    }
    const last = keys[keys.length - 1];
    if (!last || !target || typeof target !== 'object') return;
    if (action === 'omit') delete (target as Record<string, unknown>)[last];
    else (target as Record<string, unknown>)[last] = null;
  };
  for (const path of double.omit) edit(path, 'omit');
  for (const path of double.nullify) edit(path, 'null');
  return copy;
}

export async function startDexscreenerServer(): Promise<DexscreenerDouble> {
  const ref: { self?: DexscreenerDouble } = {};
  const http = await startHttpDouble((req, _body, res) => {
    const double = ref.self as DexscreenerDouble;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    double.paths.push(`${url.pathname}${url.search}`);
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const route: DexRoute =
      url.pathname === '/latest/dex/search'
        ? 'search'
        : parts[0] === 'tokens' && parts[1] === 'v1' && parts.length === 4
          ? 'tokens'
          : parts[0] === 'token-pairs' && parts[1] === 'v1' && parts.length === 4
            ? 'tokenPairs'
            : parts[0] === 'latest' && parts[1] === 'dex' && parts[2] === 'pairs' && parts.length === 5
              ? 'pairs'
              : 'other';
    double.counts[route] += 1;
    if (req.method !== 'GET') return sendJson(res, 405, { message: 'Method Not Allowed' });
    if (double.rateLimited) {
      res.writeHead(429, { 'content-type': 'text/plain' });
      return res.end('Too Many Requests');
    }
    const queued = double.failNext.shift();
    if (queued) {
      if (queued.raw !== undefined) {
        res.writeHead(queued.status, { 'content-type': 'text/html' });
        return res.end(queued.raw);
      }
      return sendJson(res, queued.status, queued.body);
    }
    const send = (pairs: DexPairBody[]) => pairs.map((p) => shaped(p, double));
    const listed: DexPairBody[] = double.pairs ?? PAIRS;
    switch (route) {
      case 'search': {
        const q = url.searchParams.get('q');
        if (!q) return sendJson(res, 400, { message: 'q is required' });
        // "Search for pairs matching query": {schemaVersion, pairs}; no match is `pairs: []`.
        return sendJson(res, 200, {
          schemaVersion: '1.0.0',
          pairs: send(listed.filter((p) => matches(p, q))),
        });
      }
      case 'tokens': {
        const [, , chain = '', list = ''] = parts;
        const tokens = list.split(',').slice(0, 30);
        const found = listed.filter((p) => p.chainId === chain && tokens.some((t) => involves(p, t)));
        // "Get one or multiple pairs by token address": a bare array of Pair; an unknown token
        // or chain lists nothing (`[]`, or `{schemaVersion, pairs: null}` as also observed).
        if (found.length === 0 && double.unknownTokens === 'null')
          return sendJson(res, 200, { schemaVersion: '1.0.0', pairs: null });
        return sendJson(res, 200, send(found));
      }
      case 'tokenPairs': {
        const [, , chain = '', token = ''] = parts;
        // "Get the pools of a given token address": a bare array of Pair, `[]` when unknown.
        return sendJson(res, 200, send(listed.filter((p) => p.chainId === chain && involves(p, token))));
      }
      case 'pairs': {
        const [, , , chain = '', list = ''] = parts;
        const ids = list.split(',').map((id) => id.toLowerCase());
        const found = listed.filter((p) => p.chainId === chain && ids.includes(p.pairAddress.toLowerCase()));
        // "Get one or multiple pairs by chain and pair address": {schemaVersion, pairs}, with
        // `pairs: null` for an unknown pair or chain.
        return sendJson(res, 200, { schemaVersion: '1.0.0', pairs: found.length > 0 ? send(found) : null });
      }
      default:
        return sendJson(res, 404, { message: 'Not Found' });
    }
  });
  const self: DexscreenerDouble = Object.assign(http, {
    baseUrl: http.origin,
    paths: [] as string[],
    counts: { search: 0, tokens: 0, tokenPairs: 0, pairs: 0, other: 0 },
    rateLimited: false,
    failNext: [] as DexscreenerReply[],
    omit: [] as string[],
    nullify: [] as string[],
    unknownTokens: 'array' as const,
    pairs: undefined as DexPairBody[] | undefined,
    reset: () => {
      self.paths.length = 0;
      self.counts = { search: 0, tokens: 0, tokenPairs: 0, pairs: 0, other: 0 };
      self.rateLimited = false;
      self.failNext.length = 0;
      self.omit = [];
      self.nullify = [];
      self.unknownTokens = 'array';
      self.pairs = undefined;
      self.requests = 0;
    },
  });
  ref.self = self;
  return self;
}
