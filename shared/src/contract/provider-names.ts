// Each data provider's id, and its name as people know it: the provider descriptors, `pkg
// providers` and the website's source lines ("GeckoTerminal · 12 s ago") read this one table.
// Browser-safe: no imports.

/** A data provider's id: the key of its descriptor in the SDK's provider table. */
export type ProviderId =
  | 'alchemy'
  | 'blockscout'
  | 'quicknode'
  | 'edge-rpc'
  | 'public-rpc'
  | 'dexscreener'
  | 'coingecko'
  | 'geckoterminal'
  | 'goplus'
  | 'zerion'
  | 'robinhood-stocks'
  | 'openrouter'
  | 'gemini'
  | 'tavily'
  | 'exa'
  | 'firecrawl'
  | 'github'
  | 'github-public'
  | 'github-raw'
  | 'thegraph'
  | 'defillama'
  | 'hyperliquid'
  | 'finnhub'
  | 'fred'
  | 'sec-edgar'
  | 'polymarket'
  | 'chainlink'
  | 'alternative-me'
  | 'codex';

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
