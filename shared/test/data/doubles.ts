// Starts every vendor double (chain, market, security, wallet, stock tokens, AI, web, code
// hosting, subgraphs) with a key and gives
// the environment that points the real providers at them (PKG_NET_ALLOW_PRIVATE=1: the operator
// opt-out for configured endpoints), so that no test ever reaches a vendor's real host.
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { startAlchemyServer } from '../vendors/alchemy-server.js';
import { startBlockscoutServer } from '../vendors/blockscout-server.js';
import { startCoingeckoServer } from '../vendors/coingecko-server.js';
import { startDexscreenerServer } from '../vendors/dexscreener-server.js';
import { startGeckoterminalServer } from '../vendors/geckoterminal-server.js';
import { startGoplusServer } from '../vendors/goplus-server.js';
import { startRobinhoodStocksServer } from '../vendors/robinhood-stocks-server.js';
import { startZerionServer } from '../vendors/zerion-server.js';
import { startEdgeRpcServer } from '../vendors/edge-rpc-server.js';
import { startPublicRpcServer } from '../vendors/public-rpc-server.js';
import { startQuicknodeServer } from '../vendors/quicknode-server.js';
import { startOpenrouterServer } from '../vendors/openrouter-server.js';
import { startGeminiServer } from '../vendors/gemini-server.js';
import { startTavilyServer } from '../vendors/tavily-server.js';
import { startExaServer } from '../vendors/exa-server.js';
import { startFirecrawlServer } from '../vendors/firecrawl-server.js';
import { startGithubServer } from '../vendors/github-server.js';
import { startGithubRawServer } from '../vendors/github-raw-server.js';
import { startThegraphServer } from '../vendors/thegraph-server.js';
import { startSecEdgarServer } from '../vendors/sec-edgar-server.js';
import { startFinnhubServer } from '../vendors/finnhub-server.js';
import { startFredServer } from '../vendors/fred-server.js';
import { startDefillamaServer } from '../vendors/defillama-server.js';
import { startPolymarketServer } from '../vendors/polymarket-server.js';
import { startChainlinkCatalogServer } from '../vendors/chainlink-server.js';
import { startHyperliquidServer } from '../vendors/hyperliquid-server.js';
import { startAlternativeMeServer } from '../vendors/alternative-me-server.js';
import { startCodexServer } from '../vendors/codex-server.js';

export const KEYS = {
  alchemy: 'alchKey_0123456789abcdefXYZ',
  quicknode: 'qnToken0123456789abcdef0123456789',
  edge: 'gs_edge_0123456789abcdefSECRET',
  blockscout: 'proapi_0123456789abcdefKEY',
  coingecko: 'CG-demoKey0123456789abcdef',
  goplusKey: 'gpAppKey0123456789ab',
  goplusSecret: 'gpAppSecret0123456789abcdefSECRET',
  zerion: 'zk_dev_0123456789abcdefZERION',
  openrouter: 'sk-or-v1-0123456789abcdef0123456789abcdefSECRET',
  gemini: 'AIzaSyD-0123456789abcdefGHIJKLmnoSECRET',
  tavily: 'tvly-dev-0123456789abcdefTAVILYsecret',
  exa: 'exa-0123456789abcdef-EXAsecret-0000',
  firecrawl: 'fc-0123456789abcdefFIRECRAWLsecret',
  github: 'ghp_0123456789abcdefTOKENsecret0000001',
  thegraph: '0123456789abcdef0123456789abcdef',
  finnhub: 'fh_0123456789abcdefFINNHUBsecret',
  fred: '0123456789abcdef0123456789fredkey',
  codex: 'cdx_0123456789abcdef0123456789CODEX',
} as const;

export async function startDoubles() {
  const [alchemy, quicknode, edge, publicRpc, blockscout] = await Promise.all([
    startAlchemyServer(KEYS.alchemy),
    startQuicknodeServer(KEYS.quicknode),
    startEdgeRpcServer(KEYS.edge),
    startPublicRpcServer(),
    startBlockscoutServer(KEYS.blockscout),
  ]);
  const [dexscreener, geckoterminal, coingecko, goplus, zerion, stocks] = await Promise.all([
    startDexscreenerServer(),
    startGeckoterminalServer(),
    startCoingeckoServer(KEYS.coingecko),
    startGoplusServer({ appKey: KEYS.goplusKey, appSecret: KEYS.goplusSecret }),
    startZerionServer(KEYS.zerion),
    startRobinhoodStocksServer(),
  ]);
  const [openrouter, gemini, tavily, exa, firecrawl, github, githubRaw, thegraph] = await Promise.all([
    startOpenrouterServer(KEYS.openrouter),
    startGeminiServer(KEYS.gemini),
    startTavilyServer(KEYS.tavily),
    startExaServer(KEYS.exa),
    startFirecrawlServer(KEYS.firecrawl),
    startGithubServer(KEYS.github),
    startGithubRawServer(),
    startThegraphServer(KEYS.thegraph),
  ]);
  const [hyperliquid, alternativeMe, codex] = await Promise.all([
    startHyperliquidServer(),
    startAlternativeMeServer(),
    startCodexServer(KEYS.codex),
  ]);
  const [secEdgar, finnhub, fred, defillama, polymarket, chainlinkCatalog] = await Promise.all([
    startSecEdgarServer(),
    startFinnhubServer(KEYS.finnhub),
    startFredServer(KEYS.fred),
    startDefillamaServer(),
    startPolymarketServer(),
    startChainlinkCatalogServer(),
  ]);
  const env: DataEnv = {
    ALCHEMY_RPC_URL: `${alchemy.origin}/v2/{key}`,
    ALCHEMY_API_KEY: KEYS.alchemy,
    QUICKNODE_RPC_URL: quicknode.url,
    EDGE_RPC_URL: edge.url,
    EDGE_RPC_KEY: KEYS.edge,
    PUBLIC_RPC_URL: publicRpc.url,
    BLOCKSCOUT_BASE_URL: blockscout.baseUrl,
    BLOCKSCOUT_API_KEY: KEYS.blockscout,
    DEXSCREENER_BASE_URL: dexscreener.origin,
    GECKOTERMINAL_BASE_URL: geckoterminal.baseUrl,
    COINGECKO_BASE_URL: coingecko.baseUrl,
    COINGECKO_API_KEY: KEYS.coingecko,
    GOPLUS_BASE_URL: goplus.baseUrl,
    GOPLUS_APP_KEY: KEYS.goplusKey,
    GOPLUS_APP_SECRET: KEYS.goplusSecret,
    ZERION_BASE_URL: zerion.origin,
    ZERION_API_KEY: KEYS.zerion,
    ROBINHOOD_BASE_URL: stocks.origin,
    OPENROUTER_BASE_URL: openrouter.baseUrl,
    OPENROUTER_API_KEY: KEYS.openrouter,
    GEMINI_BASE_URL: gemini.baseUrl,
    GEMINI_API_KEY: KEYS.gemini,
    TAVILY_BASE_URL: tavily.origin,
    TAVILY_API_KEY: KEYS.tavily,
    EXA_BASE_URL: exa.origin,
    EXA_API_KEY: KEYS.exa,
    FIRECRAWL_BASE_URL: firecrawl.origin,
    FIRECRAWL_API_KEY: KEYS.firecrawl,
    GITHUB_BASE_URL: github.origin,
    GITHUB_TOKEN: KEYS.github,
    GITHUB_RAW_BASE_URL: githubRaw.origin,
    THEGRAPH_BASE_URL: thegraph.origin,
    THEGRAPH_API_KEY: KEYS.thegraph,
    SEC_USER_AGENT: 'Example Research Co ops@example.com',
    SEC_BASE_URL: secEdgar.www.origin,
    SEC_DATA_BASE_URL: secEdgar.data.origin,
    FINNHUB_BASE_URL: finnhub.baseUrl,
    FINNHUB_API_KEY: KEYS.finnhub,
    FRED_BASE_URL: fred.origin,
    FRED_API_KEY: KEYS.fred,
    DEFILLAMA_BASE_URL: defillama.api.origin,
    DEFILLAMA_STABLECOINS_BASE_URL: defillama.stablecoins.origin,
    DEFILLAMA_YIELDS_BASE_URL: defillama.yields.origin,
    POLYMARKET_BASE_URL: polymarket.origin,
    CHAINLINK_FEEDS_URL: chainlinkCatalog.url,
    HYPERLIQUID_BASE_URL: hyperliquid.origin,
    ALTERNATIVE_ME_BASE_URL: alternativeMe.origin,
    CODEX_BASE_URL: codex.origin,
    CODEX_API_KEY: KEYS.codex,
    PKG_NET_ALLOW_PRIVATE: '1',
  };
  const market = [dexscreener, geckoterminal, coingecko, goplus, zerion, stocks];
  const global = [
    openrouter,
    gemini,
    tavily,
    exa,
    firecrawl,
    github,
    githubRaw,
    thegraph,
    secEdgar,
    finnhub,
    fred,
  ];
  const other = [defillama, polymarket, chainlinkCatalog, hyperliquid, alternativeMe, codex];
  /** Every double with its own reset(); the RPC doubles and Blockscout are reset below. */
  const resettable = [...market, ...global, ...other];
  const all = [alchemy, quicknode, edge, publicRpc, blockscout, ...resettable];
  return {
    alchemy,
    quicknode,
    edge,
    publicRpc,
    blockscout,
    dexscreener,
    geckoterminal,
    coingecko,
    goplus,
    zerion,
    stocks,
    openrouter,
    gemini,
    tavily,
    exa,
    firecrawl,
    github,
    githubRaw,
    thegraph,
    secEdgar,
    finnhub,
    fred,
    defillama,
    polymarket,
    chainlinkCatalog,
    hyperliquid,
    alternativeMe,
    codex,
    env,
    reset() {
      for (const rpc of [alchemy, quicknode, edge, publicRpc]) {
        rpc.calls.length = 0;
        rpc.failNext.length = 0;
        rpc.failAll = undefined;
        rpc.chainId = 4663;
      }
      blockscout.paths.length = 0;
      blockscout.failNext.length = 0;
      for (const double of resettable) double.reset();
    },
    close: () => Promise.all(all.map((d) => d.close())),
  };
}

export type Doubles = Awaited<ReturnType<typeof startDoubles>>;

export function fakeClock(start = Date.UTC(2026, 9, 1, 12, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The RPC providers other than the public RPC. */
const OTHER_RPCS = [
  'ALCHEMY_RPC_URL',
  'ALCHEMY_API_KEY',
  'QUICKNODE_RPC_URL',
  'EDGE_RPC_URL',
  'EDGE_RPC_KEY',
];

/**
 * The doubles' environment with `rpcUrl` as the only RPC provider (the public RPC): a test's
 * chain double (the Uniswap pools double) is then the chain every on-chain read goes to.
 */
export function withOnlyRpc(env: DataEnv, rpcUrl: string): DataEnv {
  const kept = Object.entries(env).filter(([name]) => !OTHER_RPCS.includes(name));
  return { ...Object.fromEntries(kept), PUBLIC_RPC_URL: rpcUrl };
}
