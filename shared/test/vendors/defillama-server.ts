// Double of DefiLlama's free API on its three hosts (the
// OpenAPI `defillama-openapi-free.json` of github.com/DefiLlama/api-docs, with each path on the
// host its per-path `servers` name): api.llama.fi GET /v2/chains, /protocols,
// /overview/dexs/{chain}, /overview/fees/{chain}; stablecoins.llama.fi GET /stablecoinchains;
// yields.llama.fi GET /pools. Keyless. Errors as DefiLlama's server sends them, in plain text
// (github.com/DefiLlama/defillama-server defi/src/api2/routes/utils.ts, routes/dimensions.ts: a
// chain without an overview file is HTTP 500 "Internal server error"), and 429 as the SDK reads it
// (github.com/DefiLlama/api-sdk src/client.ts: `Retry-After`). Values are illustrative.
// Switches: whether /v2/chains lists the chain (and with or without its chain id), the name the
// yields server gives its pools' chain, a chain without stablecoins, sparse payloads (members
// DefiLlama may leave out or send as null), and queued failures per host.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

export type DefillamaHost = 'api' | 'stablecoins' | 'yields';

export interface DefillamaCall {
  host: DefillamaHost;
  path: string;
  query: Record<string, string>;
}

export interface DefillamaQueued {
  host?: DefillamaHost;
  /** Only requests whose path matches (default: any). */
  match?: RegExp;
  status: number;
  body?: unknown;
  /** A non-JSON body, served as `contentType` (default text/plain). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface DefillamaDouble {
  api: HttpDouble;
  stablecoins: HttpDouble;
  yields: HttpDouble;
  calls: DefillamaCall[];
  /** Requests to a host whose path matches. */
  count: (host: DefillamaHost, path?: RegExp) => number;
  /** /v2/chains lists the chain: `withId` (chainId 4663), `noId` (chainId null), or not at all. */
  chainListing: 'withId' | 'noId' | 'absent';
  /** The chain's display name on DefiLlama. */
  chainName: string;
  /** The `chain` of the chain's yield pools (the yields server's own spelling). */
  poolChain: string;
  /** /stablecoinchains lists the chain. */
  stablecoinsListed: boolean;
  /** Members DefiLlama may leave out or send as null are left out (or null). */
  sparse: boolean;
  /** Extra Ethereum-only protocols, so that /protocols is as large as DefiLlama's (several MB). */
  fillerProtocols: number;
  failNext: DefillamaQueued[];
  reset: () => void;
  close: () => Promise<void>;
}

export const CHAIN_NAME = 'Robinhood Chain';
const ETHEREUM = 'Ethereum';

// GET /v2/chains — free spec "Get current TVL of all chains": `[{gecko_id, tvl, tokenSymbol,
// cmcId, name, chainId}]` (gecko_id, tokenSymbol, cmcId, chainId nullable).
function chains(d: DefillamaDouble) {
  const list: Record<string, unknown>[] = [
    {
      gecko_id: 'ethereum',
      tvl: 61234567890.5,
      tokenSymbol: 'ETH',
      cmcId: '1027',
      name: ETHEREUM,
      chainId: 1,
    },
    { gecko_id: null, tvl: 2345678901.25, tokenSymbol: null, cmcId: null, name: 'Arbitrum', chainId: 42161 },
    // Another chain without an id: never taken for chain 4663.
    { gecko_id: null, tvl: 1234.5, tokenSymbol: null, cmcId: null, name: 'Solana', chainId: null },
  ];
  if (d.chainListing !== 'absent')
    list.push(
      d.sparse
        ? {
            name: d.chainName,
            tvl: 903457442.1,
            tokenSymbol: null,
            gecko_id: null,
            cmcId: null,
            chainId: d.chainListing === 'withId' ? 4663 : null,
          }
        : {
            gecko_id: 'rh-chain-gecko',
            tvl: 903457442.1,
            tokenSymbol: 'ETH',
            cmcId: '4663001',
            name: d.chainName,
            chainId: d.chainListing === 'withId' ? 4663 : null,
          },
    );
  return list;
}

// GET /protocols — free spec "List all protocols on defillama along with their tvl" (id, name,
// symbol, category, chains, tvl, chainTvls name→USD, change_1d, change_7d), fuller members from the
// SDK `Protocol` type (slug, change_1h, url, logo; symbol "-" when none); chainTvls also carries
// split keys such as "<Chain>-staking" and "<Chain>-borrowed".
function protocols(d: DefillamaDouble) {
  const rh = d.chainName;
  const filler = Array.from({ length: d.fillerProtocols }, (_, i) => ({
    id: String(100000 + i),
    name: `Filler ${i}`,
    slug: `filler-${i}`,
    symbol: 'FIL',
    category: 'Yield',
    chains: [ETHEREUM],
    tvl: 1000 + i,
    chainTvls: { [ETHEREUM]: 1000 + i },
    description: 'An Ethereum-only protocol of the full list, '.repeat(4),
  }));
  return [
    ...filler,
    {
      id: '1001',
      name: 'Mainnet Only',
      slug: 'mainnet-only',
      symbol: 'MO',
      category: 'Dexs',
      chains: [ETHEREUM],
      tvl: 5000000000,
      chainTvls: { [ETHEREUM]: 5000000000 },
      change_1h: 0.1,
      change_1d: 1.2,
      change_7d: -3.4,
    },
    {
      id: '1002',
      name: 'Harbor Swap',
      slug: 'harbor-swap',
      symbol: 'HBR',
      category: 'Dexs',
      chains: [ETHEREUM, rh],
      tvl: 1588000000,
      chainTvls: { [ETHEREUM]: 1000000000, [rh]: 588000000, [`${rh}-staking`]: 12000000 },
      change_1h: 0.05,
      change_1d: 2.4,
      change_7d: 6.1,
      url: 'https://harbor.example',
      logo: 'https://icons.example/harbor.png',
    },
    d.sparse
      ? {
          id: '1003',
          name: 'Keel Lend',
          chains: [rh],
          chainTvls: { [rh]: 212000000 },
          tvl: null,
          change_1d: null,
        }
      : {
          id: '1003',
          name: 'Keel Lend',
          slug: 'keel-lend',
          symbol: 'KEEL',
          category: 'Lending',
          chains: [rh],
          tvl: 212000000,
          chainTvls: { [rh]: 212000000, [`${rh}-borrowed`]: 80000000, borrowed: 80000000 },
          change_1h: -0.2,
          change_1d: -1.5,
          change_7d: 3.3,
          url: 'https://keel.example',
          logo: 'https://icons.example/keel.png',
        },
    {
      id: '1004',
      name: 'Pier Launch',
      slug: 'pier-launch',
      symbol: '-',
      category: 'Launchpad',
      chains: [rh],
      tvl: 15500000,
      chainTvls: { [rh]: 15500000 },
      change_1h: null,
      change_1d: null,
      change_7d: 40.2,
    },
    // Only a split key on the chain: no plain TVL there, so not a protocol with TVL on the chain.
    {
      id: '1005',
      name: 'Staking Only',
      slug: 'staking-only',
      symbol: 'STK',
      category: 'Liquid Staking',
      chains: [ETHEREUM],
      tvl: 900000,
      chainTvls: { [ETHEREUM]: 900000, [`${rh}-staking`]: 4000 },
    },
  ];
}

const dexProtocol = (
  defillamaId: string,
  name: string,
  total24h: number | null,
  extra: Record<string, unknown>,
) => ({
  defillamaId,
  name,
  displayName: name,
  module: name.toLowerCase().replace(/\s+/g, '-'),
  category: 'Dexs',
  logo: `https://icons.example/${defillamaId}.png`,
  chains: [CHAIN_NAME],
  protocolType: 'protocol',
  methodologyURL: `https://github.example/dimension-adapters/${defillamaId}`,
  methodology: { Volume: 'Swap volume on the chain' },
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  total24h,
  ...extra,
});

// GET /overview/dexs/{chain} — free spec "List all dexs ... filtering by chain"; the full shape
// is the SDK's `VolumeOverviewResponse` (chain, allChains, total24h ... totalAllTime, change_1d,
// change_7d, change_1m, protocols[] with defillamaId, name, displayName, module, category, logo,
// chains, protocolType, methodologyURL, methodology, slug, totals and changes); charts are [] when
// excluded (defillama-server routes/dimensions.ts getOverviewFileRoute).
function dexOverview(d: DefillamaDouble) {
  const base = {
    totalDataChart: [],
    totalDataChartBreakdown: [],
    breakdown24h: null,
    breakdown30d: null,
    chain: d.chainName,
    allChains: [ETHEREUM, 'Arbitrum', d.chainName],
  };
  if (d.sparse)
    return {
      ...base,
      total24h: 1530000000,
      protocols: [
        dexProtocol('2002', 'Harbor Swap', 570000000, {}),
        dexProtocol('2003', 'Tide AMM', null, {}),
      ],
    };
  return {
    ...base,
    total24h: 1530000000,
    total48hto24h: 1505000000,
    total7d: 9400000000,
    total14dto7d: 9030000000,
    total30d: 36100000000,
    total60dto30d: 32200000000,
    total1y: 250000000000,
    totalAllTime: 310000000000,
    change_1d: 1.66,
    change_7d: 4.1,
    change_1m: 12,
    change_7dover7d: 4.1,
    change_30dover30d: 12.1,
    total7DaysAgo: 1470000000,
    total30DaysAgo: 1366000000,
    protocols: [
      dexProtocol('2003', 'Tide AMM', 960000000, {
        total7d: 6000000000,
        total30d: 23000000000,
        change_1d: 1.1,
      }),
      dexProtocol('2002', 'Harbor Swap', 570000000, {
        total7d: 3400000000,
        total30d: 13100000000,
        change_1d: 2.4,
      }),
    ],
  };
}

const feeProtocol = (
  defillamaId: string,
  name: string,
  category: string,
  totals: Record<string, number | null>,
) => ({
  ...dexProtocol(defillamaId, name, null, {}),
  category,
  breakdownMethodology: null,
  hasLabelBreakdown: false,
  ...totals,
});

// GET /overview/fees/{chain}?dataType=dailyFees|dailyRevenue — free spec "List all protocols
// along with summaries of their fees and revenue ... by chain" (dataType enum dailyFees,
// dailyRevenue, dailyHoldersRevenue); same envelope as the DEX overview (SDK `FeesOverviewResponse`,
// protocols with breakdownMethodology and hasLabelBreakdown). Amounts depend on `dataType`.
function feesOverview(d: DefillamaDouble, dataType: string) {
  const revenue = dataType === 'dailyRevenue';
  return {
    totalDataChart: [],
    totalDataChartBreakdown: [],
    breakdown24h: null,
    breakdown30d: null,
    chain: d.chainName,
    allChains: [ETHEREUM, d.chainName],
    total24h: revenue ? 410000 : 2150000,
    total7d: revenue ? 2800000 : 14900000,
    total30d: revenue ? 11000000 : 60500000,
    change_1d: revenue ? -2.5 : 3.5,
    change_7d: revenue ? 1 : 5.25,
    change_1m: revenue ? 8 : 9.75,
    protocols: revenue
      ? [feeProtocol('2002', 'Harbor Swap', 'Dexs', { total24h: 310000, total7d: 2100000 })]
      : [
          feeProtocol('2002', 'Harbor Swap', 'Dexs', { total24h: 1700000, total7d: 11800000, change_1d: 2 }),
          feeProtocol('1004', 'Pier Launch', 'Launchpad', { total24h: 450000, total7d: 3100000 }),
        ],
  };
}

// GET /stablecoinchains (stablecoins host) — SDK `StablecoinChainMcap`: `{gecko_id,
// totalCirculatingUSD: {peggedUSD, peggedEUR?, ...}, tokenSymbol, name}` (served as
// `totalCirculatingUSD`, the member the SDK and public fixtures use).
function stablecoinChains(d: DefillamaDouble) {
  const list: Record<string, unknown>[] = [
    {
      gecko_id: 'ethereum',
      totalCirculatingUSD: { peggedUSD: 150000000000, peggedEUR: 400000000 },
      tokenSymbol: 'ETH',
      name: ETHEREUM,
    },
  ];
  if (d.stablecoinsListed)
    list.push({
      gecko_id: null,
      totalCirculatingUSD: d.sparse
        ? { peggedUSD: 750000000, peggedEUR: null }
        : { peggedUSD: 750000000, peggedEUR: 2500000 },
      tokenSymbol: null,
      name: d.chainName,
    });
  return list;
}

const pool = (
  id: string,
  chain: string,
  project: string,
  symbol: string,
  tvlUsd: number,
  extra: Record<string, unknown>,
) => ({
  chain,
  project,
  symbol,
  tvlUsd,
  pool: `${id}-1111-4222-8333-444444444444`,
  ...extra,
});

// GET /pools (yields host) — free spec "Retrieve the latest data for all pools": `{status:
// "success", data: [{chain, project, symbol, tvlUsd, apyBase, apyReward, apy, rewardTokens, pool,
// apyPct1D, apyPct7D, apyPct30D, stablecoin, ilRisk, exposure, predictions{predictedClass,
// predictedProbability, binnedConfidence}, poolMeta, mu, sigma, count, outlier,
// underlyingTokens, il7d, apyBase7d, apyMean30d, volumeUsd1d, volumeUsd7d, apyBaseInception}]}`.
function pools(d: DefillamaDouble) {
  const chain = d.poolChain;
  return {
    status: 'success',
    data: [
      pool('aaaaaaaa', ETHEREUM, 'mainnet-only', 'STETH', 32000000000, {
        apy: 2.8,
        apyBase: 2.8,
        apyReward: null,
      }),
      pool('bbbbbbbb', chain, 'keel-lend', 'USDG', 12500000, {
        apy: 4.1,
        apyBase: 4.1,
        apyReward: null,
        rewardTokens: null,
        apyPct1D: -0.04,
        apyPct7D: 0.2,
        apyPct30D: null,
        stablecoin: true,
        ilRisk: 'no',
        exposure: 'single',
        predictions: { predictedClass: 'Stable/Up', predictedProbability: 71, binnedConfidence: 2 },
        poolMeta: null,
        mu: 4.2,
        sigma: 0.05,
        count: 120,
        outlier: false,
        underlyingTokens: ['0x2222222222222222222222222222222222222222'],
        il7d: null,
        apyBase7d: 4.05,
        apyMean30d: 3.98,
        volumeUsd1d: null,
        volumeUsd7d: null,
        apyBaseInception: null,
      }),
      pool('cccccccc', chain, 'harbor-swap', 'WETH-USDG', 48000000, {
        apy: 18.5,
        apyBase: 12.5,
        apyReward: 6,
        rewardTokens: ['0x3333333333333333333333333333333333333333'],
        apyPct1D: 1.5,
        apyPct7D: -2,
        apyPct30D: 3.25,
        stablecoin: false,
        ilRisk: 'yes',
        exposure: 'multi',
        predictions: { predictedClass: 'Down', predictedProbability: 64, binnedConfidence: 1 },
        poolMeta: '0.3%',
        underlyingTokens: [
          '0x4444444444444444444444444444444444444444',
          '0x2222222222222222222222222222222222222222',
        ],
        il7d: -0.42,
        apyBase7d: 11.9,
        apyMean30d: 16.2,
        volumeUsd1d: 9100000,
        volumeUsd7d: 60400000,
      }),
      d.sparse
        ? pool('dddddddd', chain, 'pier-launch', 'PIER', 300000, {
            apy: 55,
            apyBase: null,
            apyReward: null,
            poolMeta: '',
            predictions: {},
          })
        : pool('dddddddd', chain, 'pier-launch', 'PIER', 300000, {
            apy: 55,
            apyBase: 55,
            apyReward: 0,
            stablecoin: false,
            ilRisk: 'no',
            exposure: 'single',
            poolMeta: 'locked 30 days',
          }),
    ],
  };
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain',
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(text);
}

export async function startDefillamaServer(): Promise<DefillamaDouble> {
  const ref: { self?: DefillamaDouble } = {};

  const serve = (host: DefillamaHost) => (req: IncomingMessage, _body: string, res: ServerResponse) => {
    const d = ref.self as DefillamaDouble;
    const url = new URL(req.url ?? '/', 'http://double.local');
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    d.calls.push({ host, path, query });
    const queued = d.failNext.findIndex(
      (q) => (!q.host || q.host === host) && (!q.match || q.match.test(path)),
    );
    if (queued >= 0) {
      const [answer] = d.failNext.splice(queued, 1);
      if (answer?.raw !== undefined)
        return sendText(res, answer.status, answer.raw, answer.contentType, answer.headers);
      if (answer) return sendJson(res, answer.status, answer.body ?? {}, answer.headers);
    }
    if (req.method !== 'GET') return sendText(res, 404, 'Not found');
    if (host === 'api') {
      if (path === '/v2/chains') return sendJson(res, 200, chains(d));
      if (path === '/protocols') return sendJson(res, 200, protocols(d));
      const overview = path.match(/^\/overview\/(dexs|fees)\/([^/]+)$/);
      if (overview) {
        const [, kind, encoded] = overview;
        // The server lower-cases and decodes the chain; a chain without an overview file is 500.
        const chain = decodeURIComponent(encoded ?? '').toLowerCase();
        if (d.chainListing === 'absent' || chain !== d.chainName.toLowerCase())
          return sendText(res, 500, 'Internal server error');
        if (kind === 'dexs') return sendJson(res, 200, dexOverview(d));
        return sendJson(res, 200, feesOverview(d, query.dataType ?? 'dailyFees'));
      }
    }
    if (host === 'stablecoins' && path === '/stablecoinchains')
      return sendJson(res, 200, stablecoinChains(d));
    if (host === 'yields' && path === '/pools') return sendJson(res, 200, pools(d));
    return sendText(res, 404, 'Not found');
  };

  const [api, stablecoins, yields] = await Promise.all([
    startHttpDouble(serve('api')),
    startHttpDouble(serve('stablecoins')),
    startHttpDouble(serve('yields')),
  ]);
  const double: DefillamaDouble = {
    api,
    stablecoins,
    yields,
    calls: [],
    count: (host, path) => double.calls.filter((c) => c.host === host && (!path || path.test(c.path))).length,
    chainListing: 'withId',
    chainName: CHAIN_NAME,
    poolChain: CHAIN_NAME,
    stablecoinsListed: true,
    sparse: false,
    fillerProtocols: 0,
    failNext: [],
    reset: () => {
      double.calls = [];
      double.chainListing = 'withId';
      double.chainName = CHAIN_NAME;
      double.poolChain = CHAIN_NAME;
      double.stablecoinsListed = true;
      double.sparse = false;
      double.fillerProtocols = 0;
      double.failNext = [];
    },
    close: async () => {
      await Promise.all([api.close(), stablecoins.close(), yields.close()]);
    },
  };
  ref.self = double;
  return double;
}
