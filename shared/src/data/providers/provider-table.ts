// The provider registry: one entry per provider, in routing order (docs/data-layer.md). The
// descriptors are light; each runtime is imported on first use. Market order: the pair provider
// before the pool provider (token, pairs, pair); the aggregator before the pool provider (prices,
// pools).
import { CORE_RPC } from '../capabilities/index.js';
import type { DataEnv } from '../config/env-vars.js';
import { LIMITS } from '../limits.js';
import { NO_RETRY, RETRY_TRANSIENT_ONCE } from '../routing/retry-policy.js';
import { ALCHEMY_URL_TEMPLATE, alchemyEndpoint } from './alchemy/endpoints.js';
import { BLOCKSCOUT_BASE_URL, blockscoutEndpoint } from './blockscout/endpoints.js';
import { coingeckoDescriptor } from './coingecko/descriptor.js';
import { dexscreenerDescriptor } from './dexscreener/descriptor.js';
import { geckoterminalDescriptor } from './geckoterminal/descriptor.js';
import { goplusDescriptor } from './goplus/descriptor.js';
import { robinhoodStocksDescriptor } from './robinhood-stocks/descriptor.js';
import { zerionDescriptor } from './zerion/descriptor.js';
import { thegraphDescriptor } from './thegraph/descriptor.js';
import { openrouterDescriptor } from './openrouter/descriptor.js';
import { geminiDescriptor } from './gemini/descriptor.js';
import { tavilyDescriptor } from './tavily/descriptor.js';
import { exaDescriptor } from './exa/descriptor.js';
import { firecrawlDescriptor } from './firecrawl/descriptor.js';
import { githubDescriptor, githubPublicDescriptor } from './github/descriptor.js';
import { githubRawDescriptor } from './github-raw/descriptor.js';
import { secEdgarDescriptor } from './sec-edgar/descriptor.js';
import { finnhubDescriptor } from './finnhub/descriptor.js';
import { fredDescriptor } from './fred/descriptor.js';
import { defillamaDescriptor } from './defillama/descriptor.js';
import { polymarketDescriptor } from './polymarket/descriptor.js';
import { chainlinkDescriptor } from './chainlink/descriptor.js';
import { hyperliquidDescriptor } from './hyperliquid/descriptor.js';
import { alternativeMeDescriptor } from './alternative-me/descriptor.js';
import { codexDescriptor } from './codex/descriptor.js';
import { EDGE_RPC_URL_TEMPLATE, edgeRpcEndpoint } from './edge-rpc/endpoints.js';
import type { ProviderDescriptor } from './provider-types.js';
import { PUBLIC_RPC_URL, publicRpcEndpoint } from './public-rpc/endpoints.js';
import { quicknodeEndpoint } from './quicknode/endpoints.js';
import { PROVIDER_NAMES } from '../../contract/provider-names.js';

const set = (...urls: (string | undefined)[]) => urls.filter((u): u is string => !!u && u !== 'off');
const rpc = {
  kind: 'rpc',
  verifiesChainId: true,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
} as const;

export const PROVIDERS: readonly ProviderDescriptor[] = [
  {
    ...rpc,
    id: 'alchemy',
    name: PROVIDER_NAMES.alchemy,
    role: 'primary RPC',
    capabilities: {
      robinhood: [...CORE_RPC, 'tokens.balances', 'tokens.transfers', 'onchain.trace'],
    },
    defaultUrls: [ALCHEMY_URL_TEMPLATE],
    configure: alchemyEndpoint,
    configuredUrls: (env: DataEnv) => set(env.ALCHEMY_RPC_URL),
    load: async () => (await import('./alchemy/index.js')).createAlchemyProvider,
  },
  {
    id: 'blockscout',
    name: PROVIDER_NAMES.blockscout,
    role: 'explorer/indexer',
    kind: 'explorer',
    verifiesChainId: false,
    retry: RETRY_TRANSIENT_ONCE,
    timeoutMs: LIMITS.explorerTimeoutMs,
    capabilities: {
      robinhood: [
        'tokens.balances',
        'tokens.metadata',
        'tokens.transfers',
        'explorer.transaction',
        'explorer.address',
        'explorer.transactions',
        'explorer.counters',
        'explorer.holders',
        'explorer.tokenTransfers',
        'explorer.contract',
      ],
    },
    defaultUrls: [BLOCKSCOUT_BASE_URL],
    configure: blockscoutEndpoint,
    configuredUrls: (env: DataEnv) => set(env.BLOCKSCOUT_BASE_URL),
    load: async () => (await import('./blockscout/index.js')).createBlockscoutProvider,
  },
  {
    ...rpc,
    id: 'quicknode',
    name: PROVIDER_NAMES.quicknode,
    role: 'fallback RPC',
    capabilities: { robinhood: [...CORE_RPC, 'onchain.trace'] },
    defaultUrls: [],
    configure: quicknodeEndpoint,
    configuredUrls: (env: DataEnv) => set(env.QUICKNODE_RPC_URL),
    load: async () => (await import('./quicknode/index.js')).createQuicknodeProvider,
  },
  {
    ...rpc,
    id: 'edge-rpc',
    name: PROVIDER_NAMES['edge-rpc'],
    role: 'third RPC',
    capabilities: { robinhood: CORE_RPC },
    defaultUrls: [EDGE_RPC_URL_TEMPLATE],
    configure: edgeRpcEndpoint,
    configuredUrls: (env: DataEnv) => set(env.EDGE_RPC_URL),
    load: async () => (await import('./edge-rpc/index.js')).createEdgeRpcProvider,
  },
  {
    ...rpc,
    id: 'public-rpc',
    name: PROVIDER_NAMES['public-rpc'],
    role: 'official public RPC',
    capabilities: { robinhood: CORE_RPC },
    defaultUrls: [PUBLIC_RPC_URL],
    configure: publicRpcEndpoint,
    configuredUrls: (env: DataEnv) => set(env.PUBLIC_RPC_URL),
    load: async () => (await import('./public-rpc/index.js')).createPublicRpcProvider,
  },
  dexscreenerDescriptor,
  coingeckoDescriptor,
  geckoterminalDescriptor,
  goplusDescriptor,
  zerionDescriptor,
  robinhoodStocksDescriptor,
  // Global scope. AI: the primary before the secondary (routing is explicit: ai/generate.ts).
  openrouterDescriptor,
  geminiDescriptor,
  // Web: each capability has its own order (capabilities/web.ts).
  tavilyDescriptor,
  exaDescriptor,
  firecrawlDescriptor,
  // Code hosting: the token first, then the public API (after a 401, or with no token).
  githubDescriptor,
  githubPublicDescriptor,
  githubRawDescriptor,
  thegraphDescriptor,
  // Further sources: filings, equities, macro series, DeFi, odds, price feeds, perpetuals,
  // sentiment and token rankings.
  secEdgarDescriptor,
  finnhubDescriptor,
  fredDescriptor,
  defillamaDescriptor,
  polymarketDescriptor,
  chainlinkDescriptor,
  hyperliquidDescriptor,
  alternativeMeDescriptor,
  codexDescriptor,
];
