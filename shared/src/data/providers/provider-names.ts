// Each data provider's name as people know it: the provider descriptors, `pkg providers` and the
// website's source lines ("GeckoTerminal · 12 s ago") read this one table. Browser-safe: no
// runtime imports.
import type { ProviderId } from './provider-types.js';

export const PROVIDER_NAMES = {
  alchemy: 'Alchemy',
  blockscout: 'Blockscout PRO API',
  quicknode: 'QuickNode',
  'edge-rpc': 'Goldsky Edge RPC',
  'public-rpc': 'Robinhood Chain public RPC',
  dexscreener: 'DexScreener',
  coingecko: 'CoinGecko',
  geckoterminal: 'GeckoTerminal',
  goplus: 'GoPlus Security',
  zerion: 'Zerion',
  'robinhood-stocks': 'Robinhood stock-token API',
  openrouter: 'OpenRouter',
  gemini: 'Google Gemini',
  tavily: 'Tavily',
  exa: 'Exa',
  firecrawl: 'Firecrawl',
  github: 'GitHub REST API',
  'github-public': 'GitHub REST API (public)',
  'github-raw': 'GitHub raw files',
  thegraph: 'The Graph',
  defillama: 'DefiLlama',
  hyperliquid: 'Hyperliquid',
  finnhub: 'Finnhub',
  fred: 'FRED',
  'sec-edgar': 'SEC EDGAR',
  polymarket: 'Polymarket Gamma API',
  chainlink: 'Chainlink feed catalog',
  'alternative-me': 'alternative.me',
  codex: 'Codex',
} as const satisfies Record<ProviderId, string>;

/** The name of a provider id; an id the table does not know is shown as it is. */
export function providerName(id: string): string {
  return (PROVIDER_NAMES as Record<string, string>)[id] ?? id;
}
