// The data layer's provider ids as people know the vendors (docs/data-layer.md, "Providers").
const NAMES: Record<string, string> = {
  alchemy: 'Alchemy',
  'alternative-me': 'alternative.me',
  blockscout: 'Blockscout',
  chainlink: 'Chainlink',
  codex: 'Codex',
  coingecko: 'CoinGecko',
  defillama: 'DefiLlama',
  dexscreener: 'DEX Screener',
  'edge-rpc': 'Edge RPC',
  finnhub: 'Finnhub',
  fred: 'FRED',
  geckoterminal: 'GeckoTerminal',
  goplus: 'GoPlus',
  hyperliquid: 'Hyperliquid',
  polymarket: 'Polymarket',
  'public-rpc': 'Public RPC',
  quicknode: 'QuickNode',
  'robinhood-stocks': 'Robinhood',
  'sec-edgar': 'SEC EDGAR',
  zerion: 'Zerion',
};

/** The vendor's name for a provider id; an id not listed is shown as it is. */
export function sourceName(id: string): string {
  return NAMES[id] ?? id;
}
