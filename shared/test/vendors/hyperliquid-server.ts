// Double of Hyperliquid's info API (https://api.hyperliquid.xyz): `POST /info` with a JSON body
// whose `type` names the request (https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/info-endpoint).
// It answers `metaAndAssetCtxs` (main dex, or `dex: "xyz"` with tokenized-equity perps),
// `spotMetaAndAssetCtxs` and `allMids`; a body that does not deserialize gets the documented
// 422 plain-text answer; the rate limit (1200 weight a minute per IP) is a 429. Prices, sizes and
// rates are decimal strings as Hyperliquid sends them. Values are illustrative.
import type { IncomingMessage } from 'node:http';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export interface HyperliquidCall {
  path: string;
  method: string;
  contentType: string | undefined;
  /** The parsed body, undefined when it was not JSON. */
  body: Record<string, unknown> | undefined;
}

export interface QueuedAnswer {
  /** Only requests of this `type` (default: any). */
  type?: string;
  status: number;
  body?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface HyperliquidDouble extends HttpDouble {
  calls: HyperliquidCall[];
  /** Requests of one info `type`. */
  count: (type: string) => number;
  failNext: QueuedAnswer[];
  /** The main dex answers an empty universe. */
  emptyUniverse: boolean;
  reset: () => void;
}

// POST /info {"type":"metaAndAssetCtxs"} — "Retrieve perpetuals asset contexts (includes mark
// price, current funding, open interest, etc.)",
// https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/info-endpoint/perpetuals:
// `[meta, assetCtxs]`, `assetCtxs[i]` belonging to `meta.universe[i]`. ETH has no book (`midPx`,
// `premium` and `impactPxs` null, as the typed client github.com/nktkas/hyperliquid allows);
// OLD is delisted (`isDelisted: true`); DOGE is isolated-only with a restricted margin mode.
function mainDex() {
  return [
    {
      universe: [
        { name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 55 },
        { name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 56 },
        {
          name: 'OLD',
          szDecimals: 0,
          maxLeverage: 3,
          marginTableId: 3,
          isDelisted: true,
          onlyIsolated: true,
        },
        {
          name: 'DOGE',
          szDecimals: 0,
          maxLeverage: 10,
          marginTableId: 10,
          onlyIsolated: true,
          marginMode: 'strictIsolated',
        },
      ],
      marginTables: [
        [56, { description: 'tiered 40x', marginTiers: [{ lowerBound: '0.0', maxLeverage: 40 }] }],
      ],
      collateralToken: 0,
    },
    [
      {
        dayNtlVlm: '1250000000.5',
        funding: '0.00001',
        impactPxs: null,
        markPx: '3980.2',
        midPx: null,
        openInterest: '612000.2',
        oraclePx: '3981.0',
        premium: null,
        prevDayPx: '3901.5',
        dayBaseVlm: '314000.0',
      },
      {
        dayNtlVlm: '3821055401.2',
        funding: '0.0000125',
        impactPxs: ['104210.0', '104212.0'],
        markPx: '104211.0',
        midPx: '104211.5',
        openInterest: '31250.44',
        oraclePx: '104230.0',
        premium: '-0.00018',
        prevDayPx: '102980.0',
        dayBaseVlm: '36920.1',
      },
      {
        dayNtlVlm: '0.0',
        funding: '0.0',
        impactPxs: null,
        markPx: '0.25',
        midPx: null,
        openInterest: '0.0',
        oraclePx: '0.25',
        premium: null,
        prevDayPx: '0.25',
        dayBaseVlm: '0.0',
      },
      {
        dayNtlVlm: '88000000.0',
        funding: '-0.0000031',
        impactPxs: ['0.16202', '0.16208'],
        markPx: '0.16205',
        midPx: '0.16205',
        openInterest: '510000000.0',
        oraclePx: '0.16211',
        premium: '-0.0003',
        prevDayPx: '0.1681',
        dayBaseVlm: '541000000.0',
      },
    ],
  ];
}

// The same request with `"dex": "xyz"` (a builder-deployed perp dex, HIP-3; documented `dex`
// parameter of metaAndAssetCtxs): coins are named `<dex>:<ticker>`.
function xyzDex() {
  return [
    {
      universe: [
        { name: 'xyz:TSLA', szDecimals: 3, maxLeverage: 10, marginTableId: 10, onlyIsolated: true },
        { name: 'xyz:NVDA', szDecimals: 3, maxLeverage: 10, marginTableId: 10, onlyIsolated: true },
      ],
      marginTables: [],
      collateralToken: 0,
    },
    [
      {
        dayNtlVlm: '45200000.0',
        funding: '0.0000062',
        impactPxs: ['251.10', '251.30'],
        markPx: '251.2',
        midPx: '251.2',
        openInterest: '120500.5',
        oraclePx: '251.0',
        premium: '0.0008',
        prevDayPx: '248.0',
        dayBaseVlm: '180100.0',
      },
      {
        dayNtlVlm: '61800000.0',
        funding: '0.0000048',
        impactPxs: ['138.40', '138.46'],
        markPx: '138.43',
        midPx: '138.43',
        openInterest: '250300.0',
        oraclePx: '138.40',
        premium: '0.0002',
        prevDayPx: '140.0',
        dayBaseVlm: '446000.0',
      },
    ],
  ];
}

// POST /info {"type":"spotMetaAndAssetCtxs"} — "Retrieve spot asset contexts",
// https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/info-endpoint/spot:
// `[spotMeta, ctxs]`; `universe[].tokens` holds token indices (not array positions: the token
// list below is deliberately out of index order); a canonical pair is named `BASE/QUOTE`, the
// others `@<index>`. NEW has no `fullName` and no book (`midPx` null).
function spot() {
  return [
    {
      tokens: [
        {
          name: 'HYPE',
          szDecimals: 2,
          weiDecimals: 8,
          index: 150,
          tokenId: '0x0d01dc56dcaaca66ad901c959b4011ec',
          isCanonical: false,
          evmContract: { address: '0x2222222222222222222222222222222222222222', evm_extra_wei_decimals: 10 },
          fullName: 'Hyperliquid',
          deployerTradingFeeShare: '0.0',
        },
        {
          name: 'USDC',
          szDecimals: 8,
          weiDecimals: 8,
          index: 0,
          tokenId: '0x6d1e7cde53ba9467b783cb7c530ce054',
          isCanonical: true,
          evmContract: null,
          fullName: null,
          deployerTradingFeeShare: '0.0',
        },
        {
          name: 'PURR',
          szDecimals: 0,
          weiDecimals: 5,
          index: 1,
          tokenId: '0xc1fb593aeffbeb02f85e0308e9956a90',
          isCanonical: true,
          evmContract: null,
          fullName: 'Purr',
          deployerTradingFeeShare: '0.0',
        },
        {
          name: 'NEW',
          szDecimals: 1,
          weiDecimals: 6,
          index: 311,
          tokenId: '0x3333333333333333333333333333333a',
          isCanonical: false,
          evmContract: null,
          fullName: null,
          deployerTradingFeeShare: '1.0',
        },
      ],
      universe: [
        { name: 'PURR/USDC', tokens: [1, 0], index: 0, isCanonical: true },
        { name: '@107', tokens: [150, 0], index: 107, isCanonical: false },
        { name: '@240', tokens: [311, 0], index: 240, isCanonical: false },
      ],
    },
    [
      {
        coin: 'PURR/USDC',
        prevDayPx: '0.1510',
        dayNtlVlm: '1203000.5',
        markPx: '0.1497',
        midPx: '0.14975',
        circulatingSupply: '596000000.0',
        totalSupply: '999990000.0',
        dayBaseVlm: '8040000.0',
      },
      {
        coin: '@107',
        prevDayPx: '41.20',
        dayNtlVlm: '76912970.3',
        markPx: '42.05',
        midPx: '42.055',
        circulatingSupply: '333000000.0',
        totalSupply: '999990000.0',
        dayBaseVlm: '1830000.7',
      },
      {
        coin: '@240',
        prevDayPx: '0.0',
        dayNtlVlm: '0.0',
        markPx: '0.012',
        midPx: null,
        circulatingSupply: '1000000.0',
        totalSupply: '1000000.0',
        dayBaseVlm: '0.0',
      },
    ],
  ];
}

// POST /info {"type":"allMids"} — "Retrieve mids for all coins",
// https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/info-endpoint: coin → mid.
const ALL_MIDS = {
  BTC: '104211.5',
  ETH: '3980.25',
  DOGE: '0.16205',
  '@107': '42.055',
  'PURR/USDC': '0.14975',
};

const KNOWN_TYPES = new Set(['metaAndAssetCtxs', 'spotMetaAndAssetCtxs', 'allMids']);

export async function startHyperliquidServer(): Promise<HyperliquidDouble> {
  const ref: { self?: HyperliquidDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as HyperliquidDouble;
    const path = new URL(req.url ?? '/', double.origin).pathname;
    let body: Record<string, unknown> | undefined;
    try {
      const parsed = JSON.parse(raw) as unknown;
      body = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    double.calls.push({ path, method: req.method ?? '', contentType: req.headers['content-type'], body });
    if (path !== '/info' || req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not Found');
    }
    const type = typeof body?.type === 'string' ? body.type : undefined;
    const queued = double.failNext.findIndex((q) => q.type === undefined || q.type === type);
    if (queued >= 0) {
      const [answer] = double.failNext.splice(queued, 1);
      if (answer?.raw !== undefined) {
        res.writeHead(answer.status, {
          'content-type': answer.contentType ?? 'text/plain',
          ...answer.headers,
        });
        return res.end(answer.raw);
      }
      if (answer) return sendJson(res, answer.status, answer.body ?? null, answer.headers);
    }
    // A body that does not deserialize (no JSON, no or an unknown `type`): HTTP 422 with a
    // plain-text reason (from the community OpenAPI of the API).
    if (!type || !KNOWN_TYPES.has(type)) {
      res.writeHead(422, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(
        `Failed to deserialize the JSON body into the target type: unknown variant \`${type ?? ''}\` at line 1 column 20`,
      );
    }
    if (type === 'allMids') return sendJson(res, 200, ALL_MIDS);
    if (type === 'spotMetaAndAssetCtxs') return sendJson(res, 200, spot());
    const dex = typeof body?.dex === 'string' ? body.dex : '';
    if (dex === '') {
      if (double.emptyUniverse)
        return sendJson(res, 200, [{ universe: [], marginTables: [], collateralToken: 0 }, []]);
      return sendJson(res, 200, mainDex());
    }
    if (dex === 'xyz') return sendJson(res, 200, xyzDex());
    // A dex Hyperliquid does not know: no documented answer; the double answers JSON `null`
    // [unconfirmed], which the provider reads as "no such dex".
    return sendJson(res, 200, null);
  });
  const double: HyperliquidDouble = Object.assign(http, {
    calls: [] as HyperliquidCall[],
    count: (type: string) => double.calls.filter((c) => c.body?.type === type).length,
    failNext: [] as QueuedAnswer[],
    emptyUniverse: false,
    reset: () => {
      double.calls.length = 0;
      double.failNext.length = 0;
      double.emptyUniverse = false;
    },
  });
  ref.self = double;
  return double;
}
