// Double of the CoinGecko API v3 under `/api/v3`: keyless or with the demo key in the
// `x-cg-demo-api-key` header (https://docs.coingecko.com/v3.0.1/reference/authentication); the
// onchain endpoints answer only with a key. Error bodies follow
// https://docs.coingecko.com/docs/errors-and-rate-limits and the recorded bodies of
// the vendor's documentation. Values are illustrative.
import type { IncomingMessage } from 'node:http';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export const CG_TOKEN = `0x${'2'.repeat(40)}`;
export const CG_QUOTE = `0x${'3'.repeat(40)}`;
export const CG_UNLISTED = `0x${'4'.repeat(40)}`;
export const CG_POOL = `0x${'1'.repeat(40)}`;
/** The asset platform id the double lists for chain 4663 (illustrative: the real id is unverified). */
export const CG_PLATFORM = 'robinhood-chain';

export interface CgReply {
  status: number;
  body?: unknown;
  /** A non-JSON body (an HTML error page). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface CgCall {
  /** The path under the root, e.g. `/simple/price`. */
  path: string;
  query: URLSearchParams;
  /** The `x-cg-demo-api-key` header as received. */
  key: string | undefined;
}

export interface CoingeckoDouble extends HttpDouble {
  /** The root to put in COINGECKO_BASE_URL. */
  baseUrl: string;
  calls: CgCall[];
  /** Requests that reached a path (query ignored). */
  count: (path: string) => number;
  /** Answers the next requests with these replies (one each), then serves normally. */
  failNext: CgReply[];
  /** Whether /asset_platforms lists chain 4663. */
  platformListed: boolean;
  /**
   * The USD price /simple/price gives ETH (`ethereum`), CG_ETH_USD until a test sets it; undefined
   * leaves `ethereum` out of the answer, as the answer leaves out every id it has no price for.
   */
  ethUsd: number | undefined;
  reset: () => void;
}

/** ETH's USD price in `simplePrice`, the double's default `ethUsd`. */
export const CG_ETH_USD = 2399.1;

// GET /simple/price: https://docs.coingecko.com/v3.0.1/reference/simple-price ("Response"):
// keyed by coin id, then `usd`, `usd_market_cap`, `usd_24h_vol`, `usd_24h_change`, `last_updated_at`.
const simplePrice = {
  ethereum: {
    usd: CG_ETH_USD,
    usd_market_cap: 289_000_000_000.5,
    usd_24h_vol: 14_100_000_000.25,
    usd_24h_change: -1.42,
    last_updated_at: 1_790_000_000,
  },
};

// GET /simple/token_price/{id}: https://docs.coingecko.com/v3.0.1/reference/simple-token-price
// ("Response"): keyed by lower-case contract address; addresses without a listing are left out.
// This one has no market cap (left out by the vendor) and a price below 1e-6.
const tokenPrices: Record<string, Record<string, number>> = {
  [CG_TOKEN]: {
    usd: 0.0000001234,
    usd_24h_vol: 18_586.21,
    usd_24h_change: 12.8,
    last_updated_at: 1_790_000_100,
  },
};

// GET /asset_platforms: https://docs.coingecko.com/reference/asset-platforms-list ("Response":
// id, chain_identifier (nullable), name, shortname, native_coin_id, image).
const platforms = (listed: boolean) => [
  {
    id: 'ethereum',
    chain_identifier: 1,
    name: 'Ethereum',
    shortname: 'Ethereum',
    native_coin_id: 'ethereum',
    image: { thumb: 'https://example.test/eth-thumb.png' },
  },
  {
    id: 'some-sidechain',
    chain_identifier: null,
    name: 'Some Sidechain',
    shortname: '',
    native_coin_id: 'x',
  },
  ...(listed
    ? [
        {
          id: CG_PLATFORM,
          chain_identifier: 4663,
          name: 'Robinhood Chain',
          shortname: '',
          native_coin_id: 'ethereum',
          image: { thumb: 'https://example.test/rh-thumb.png' },
        },
      ]
    : []),
];

// GET /global: https://docs.coingecko.com/v3.0.1/reference/crypto-global ("Response", top key
// `data`). `updated_at` is left out here to show that an absent member stays absent.
const global = {
  data: {
    active_cryptocurrencies: 13_690,
    upcoming_icos: 0,
    ongoing_icos: 49,
    ended_icos: 3376,
    markets: 1046,
    total_market_cap: { usd: 2_721_226_850_772.63, btc: 39_003_738.08 },
    total_volume: { usd: 69_327_091_133.55, btc: 993_675.13 },
    market_cap_percentage: { btc: 50.4, eth: 14.9 },
    market_cap_change_percentage_24h_usd: 1.72,
  },
};

// GET /coins/{id}/ohlc: https://docs.coingecko.com/v3.0.1/reference/coins-id-ohlc ("Response":
// `[timestamp_ms, open, high, low, close]`, the timestamp being the candle's close). Sent out of
// order here so that the client's ordering is tested.
const ohlc = [
  [1_790_014_400_000, 2410, 2425, 2398, 2401],
  [1_790_000_000_000, 2390, 2412, 2385, 2410],
];

// GET /onchain/networks/{network}/pools and .../tokens/{address}/pools with
// include=base_token,quote_token,dex: https://docs.coingecko.com/reference/top-pools-network and
// https://docs.coingecko.com/reference/top-pools-contract-address ("Response": JSON:API `data`
// pool resources, `included` tokens and dex). `market_cap_usd` is null, the quote token is not
// included and `h6` is missing from `transactions`: the client must leave those absent.
function poolList(network: string) {
  return {
    data: [
      {
        id: `${network}_${CG_POOL}`,
        type: 'pool',
        attributes: {
          address: CG_POOL,
          name: 'EXM / WETH 0.3%',
          pool_created_at: '2026-08-20T09:00:00Z',
          base_token_price_usd: '0.02975',
          base_token_price_native_currency: '0.0000124',
          quote_token_price_usd: '2399.10',
          base_token_price_quote_token: '0.0000124',
          quote_token_price_base_token: '80645.16',
          fdv_usd: '2975000',
          market_cap_usd: null,
          price_change_percentage: { m5: '0.35', h1: '-1.1', h6: '4.2', h24: '12.8' },
          transactions: {
            m5: { buys: 2, sells: 1, buyers: 2, sellers: 1 },
            h1: { buys: 30, sells: 14, buyers: null, sellers: null },
            h24: { buys: 410, sells: 377, buyers: 190, sellers: 160 },
          },
          volume_usd: { m5: '12.4', h1: '880.0', h6: '4120.5', h24: '18586.21' },
          reserve_in_usd: '98873.55',
        },
        relationships: {
          base_token: { data: { id: `${network}_${CG_TOKEN}`, type: 'token' } },
          quote_token: { data: { id: `${network}_${CG_QUOTE}`, type: 'token' } },
          dex: { data: { id: 'uniswap-v4-robinhood', type: 'dex' } },
        },
      },
    ],
    included: [
      {
        id: `${network}_${CG_TOKEN}`,
        type: 'token',
        attributes: {
          address: CG_TOKEN,
          name: 'Example',
          symbol: 'EXM',
          decimals: 18,
          image_url: 'missing.png',
          coingecko_coin_id: null,
        },
      },
      { id: 'uniswap-v4-robinhood', type: 'dex', attributes: { name: 'Uniswap V4 (Robinhood)' } },
    ],
  };
}

/** The JSON:API 404 of an unknown onchain network or token. */
const onchainNotFound = { errors: [{ status: '404', title: 'Not Found' }] };

const KNOWN_NETWORKS = new Set(['robinhood', 'eth']);

function route(path: string, query: URLSearchParams, double: CoingeckoDouble): CgReply {
  if (path === '/ping') return { status: 200, body: { gecko_says: '(V3) To the Moon!' } };
  if (path === '/simple/price') {
    const ids = (query.get('ids') ?? '').split(',');
    if (!query.get('vs_currencies'))
      return { status: 400, body: { error: 'Missing parameter vs_currencies' } };
    const eth = double.ethUsd === undefined ? undefined : { ...simplePrice.ethereum, usd: double.ethUsd };
    return { status: 200, body: eth && ids.includes('ethereum') ? { ethereum: eth } : {} };
  }
  const tokenPrice = /^\/simple\/token_price\/([^/]+)$/.exec(path);
  if (tokenPrice) {
    if (tokenPrice[1] !== CG_PLATFORM || !double.platformListed)
      return { status: 404, body: { error: 'asset platform not found' } };
    const wanted = (query.get('contract_addresses') ?? '').toLowerCase().split(',');
    return {
      status: 200,
      body: Object.fromEntries(wanted.filter((a) => a in tokenPrices).map((a) => [a, tokenPrices[a]])),
    };
  }
  if (path === '/asset_platforms') return { status: 200, body: platforms(double.platformListed) };
  if (path === '/global') return { status: 200, body: global };
  const coin = /^\/coins\/([^/]+)\/ohlc$/.exec(path);
  if (coin) {
    if (coin[1] !== 'ethereum') return { status: 404, body: { error: 'coin not found' } };
    return { status: 200, body: ohlc };
  }
  const pools = /^\/onchain\/networks\/([^/]+)\/(?:tokens\/([^/]+)\/)?pools$/.exec(path);
  if (pools) {
    const [, network = '', token] = pools;
    if (!KNOWN_NETWORKS.has(network)) return { status: 404, body: onchainNotFound };
    if (token && token.toLowerCase() !== CG_TOKEN) return { status: 200, body: { data: [], included: [] } };
    return { status: 200, body: poolList(network) };
  }
  return { status: 404, body: { error: 'Incorrect path. Please check https://www.coingecko.com/api/' } };
}

export async function startCoingeckoServer(key?: string): Promise<CoingeckoDouble> {
  const ref: { self?: CoingeckoDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const double = ref.self as CoingeckoDouble;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith('/api/v3/')) return sendJson(res, 404, { error: 'Not Found' });
    const path = url.pathname.slice('/api/v3'.length);
    const header = req.headers['x-cg-demo-api-key'];
    const sent = typeof header === 'string' ? header : undefined;
    double.calls.push({ path, query: url.searchParams, key: sent });
    let reply: CgReply;
    const queued = double.failNext.shift();
    if (queued) reply = queued;
    else if (sent !== undefined && sent !== key)
      // 401 with code 10002 for a key the vendor does not know (errors-and-rate-limits page).
      reply = { status: 401, body: { status: { error_code: 10002, error_message: 'Invalid API Key' } } };
    else if (path.startsWith('/onchain/') && sent === undefined)
      // Onchain endpoints on CoinGecko's hosts need a key.
      reply = {
        status: 401,
        body: { status: { error_code: 10002, error_message: 'API Key Missing' } },
      };
    else reply = route(path, url.searchParams, double);
    if (reply.raw !== undefined) {
      res.writeHead(reply.status, { 'content-type': 'text/html', ...reply.headers });
      return res.end(reply.raw);
    }
    return sendJson(res, reply.status, reply.body, reply.headers);
  });
  const self: CoingeckoDouble = Object.assign(http, {
    baseUrl: `${http.origin}/api/v3`,
    calls: [] as CgCall[],
    count: (path: string) => self.calls.filter((c) => c.path === path).length,
    failNext: [] as CgReply[],
    platformListed: true,
    ethUsd: CG_ETH_USD,
    reset: () => {
      self.calls.length = 0;
      self.failNext.length = 0;
      self.platformListed = true;
      self.ethUsd = CG_ETH_USD;
    },
  });
  ref.self = self;
  return self;
}
