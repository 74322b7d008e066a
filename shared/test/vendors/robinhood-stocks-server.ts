// Double of the Robinhood stock-token issuer API (https://api.robinhood.com/rhj/, documented at
// https://docs.robinhood.com/chain/stock-token-apis/ and known through quotations in public code:
// the vendor's documentation): keyless GET /rhj/assets and GET /rhj/prices/{SYMBOL}.
// Switches: the two rate-limit answers seen live (HTTP 429, and HTTP 200 `local_rate_limited` in
// plain text), an empty quote list, a quote widened as outside the US session, and queued failures.
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export interface IssuerQueued {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export interface RobinhoodStocksDouble extends HttpDouble {
  /** Paths requested, in order. */
  paths: string[];
  count: (path: RegExp) => number;
  rateLimit: 'http429' | 'local200' | undefined;
  /** Symbols whose quote list comes back empty. */
  emptyQuotes: Set<string>;
  /** Symbols quoted as outside the US session: the same members, the spread widened (WIDE_QUOTE). */
  wideQuotes: Set<string>;
  failNext: IssuerQueued[];
  reset: () => void;
}

const deployment = (contractAddress: string) => ({
  chainId: 4663,
  contractAddress,
  networkName: 'Robinhood Chain',
  itnEnabled: false,
  atomicEnabled: false,
});

// GET /rhj/assets — the asset registry `{assets: [Asset]}` (docs "stock-token APIs", assets; live
// members such as tokenDecimals, isin and the nested tradingCapabilities). The second asset
// carries a pending multiplier and the older flat tradingCapabilities shape.
export const ASSETS = {
  assets: [
    {
      id: '0x00000000000000000000000000000000a1b2c3d4e5f60718293a4b5c6d7e8f90',
      tokenSymbol: 'SPY',
      tokenName: 'SPDR S&P 500 ETF Trust • Robinhood Token',
      tokenDecimals: 18,
      isin: 'US78462F1030',
      logoUrl: 'https://cdn.example/logos/spy.svg',
      status: 'ASSET_STATUS_ACTIVE',
      currentMultiplier: '1.001717991187472003',
      pendingMultiplier: '',
      deployments: [deployment('0x2222222222222222222222222222222222222222')],
      tradingCapabilities: {
        market: { whole: 'TRADING_STATUS_TRADABLE', fractional: 'TRADING_STATUS_TRADABLE' },
        extended: { whole: 'TRADING_STATUS_TRADABLE', fractional: 'TRADING_STATUS_TRADABLE' },
        overnight: { whole: 'TRADING_STATUS_TRADABLE', fractional: 'TRADING_STATUS_UNTRADABLE' },
      },
    },
    {
      id: '0x0000000000000000000000000000000011223344556677889900aabbccddeeff',
      tokenSymbol: 'BRK.B',
      tokenName: 'Berkshire Hathaway • Robinhood Token',
      tokenDecimals: 18,
      isin: 'US0846707026',
      status: 'ASSET_STATUS_ACTIVE',
      currentMultiplier: '1.000000000000000000',
      pendingMultiplier: '1.500000000000000000',
      pendingMultiplierEffectiveTime: '2026-10-07T00:00:00Z',
      deployments: [deployment('0x3333333333333333333333333333333333333333')],
      tradingCapabilities: {
        fractionalTradability: 'TRADING_STATUS_TRADABLE',
        allDayTradability: 'TRADING_STATUS_UNTRADABLE',
        extendedHoursFractionalTradability: 'TRADING_STATUS_TRADABLE',
      },
    },
  ],
};

// GET /rhj/prices/{SYMBOL} — `{quotes: [Quote]}` with the raw underlying bid/ask (docs "stock-token
// APIs", prices; the undocumented dailyHigh/dailyLow, mint/burn volumes and tokenBid/tokenAsk as
// seen live).
export function quoteOf(symbol: string) {
  const asset = ASSETS.assets.find((a) => a.tokenSymbol === symbol);
  return {
    quotes: [
      {
        tokenSymbol: symbol,
        deployments: asset?.deployments ?? [],
        bid: '571.43',
        ask: '571.8',
        currency: 'USD',
        dailyTradingVolume: '55329941',
        isTradingHalt: false,
        generatedAt: '2026-10-01T12:00:10.223339303Z',
        dailyHigh: '574.6',
        dailyLow: '564.9',
        mintBurnTokenVolume: '1557.82426',
        mintBurnUsdVolume: '890123.45',
        tokenBid: '572.411705703846290530',
        tokenAsk: '572.782341502545015731',
      },
    ],
  };
}

// Outside the US session the issuer keeps quoting the last bid and ask it had, and the spread
// widens (weekend spreads of several percent were measured live); `isTradingHalt` stays false. A
// spread of 4.1 % of the middle: wide of the 2 % a tight quote is held to.
export const WIDE_QUOTE = { bid: '560.00', ask: '583.40' } as const;

export async function startRobinhoodStocksServer(): Promise<RobinhoodStocksDouble> {
  const ref: { self?: RobinhoodStocksDouble } = {};
  const http = await startHttpDouble((req, _body, res) => {
    const double = ref.self as RobinhoodStocksDouble;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    double.paths.push(path);
    // The envoy gateway's limits as observed: 429, or 200 with a plain-text body.
    if (double.rateLimit === 'http429') {
      res.writeHead(429, { 'content-type': 'text/plain' });
      return res.end('local_rate_limited');
    }
    if (double.rateLimit === 'local200') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('local_rate_limited');
    }
    const queued = double.failNext.shift();
    if (queued) {
      if (queued.raw !== undefined) {
        res.writeHead(queued.status, { 'content-type': 'text/plain', ...queued.headers });
        return res.end(queued.raw);
      }
      return sendJson(res, queued.status, queued.body ?? {}, queued.headers);
    }
    if (path === '/rhj/assets') return sendJson(res, 200, ASSETS, { 'grpc-status': '0' });
    const price = path.match(/^\/rhj\/prices\/([^/]+)$/);
    if (price) {
      const symbol = decodeURIComponent(price[1] ?? '');
      if (double.emptyQuotes.has(symbol)) return sendJson(res, 200, { quotes: [] });
      // Unknown (or lower-case) symbol: 404 with the gRPC-gateway body, code 5 = NOT_FOUND.
      if (!ASSETS.assets.some((a) => a.tokenSymbol === symbol))
        return sendJson(res, 404, { code: 5, message: `no whitelisted asset with symbol "${symbol}"` });
      const quote = quoteOf(symbol);
      if (double.wideQuotes.has(symbol)) Object.assign(quote.quotes[0] ?? {}, WIDE_QUOTE);
      return sendJson(res, 200, quote, { 'grpc-status': '0' });
    }
    return sendJson(res, 404, { code: 5, message: 'Not Found' });
  });
  const self: RobinhoodStocksDouble = Object.assign(http, {
    paths: [] as string[],
    count: (path: RegExp) => self.paths.filter((p) => path.test(p)).length,
    rateLimit: undefined as RobinhoodStocksDouble['rateLimit'],
    emptyQuotes: new Set<string>(),
    wideQuotes: new Set<string>(),
    failNext: [] as IssuerQueued[],
    reset() {
      self.paths.length = 0;
      self.rateLimit = undefined;
      self.emptyQuotes.clear();
      self.wideQuotes.clear();
      self.failNext.length = 0;
    },
  });
  ref.self = self;
  return self;
}
