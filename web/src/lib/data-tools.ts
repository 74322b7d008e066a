// The data tools pages of the website (docs/website.md, "Pages"): the header's navigation and the
// home page list the same rows.
export const DATA_TOOLS = [
  { to: '/live', label: 'Live', summary: 'TVL, DeFi protocols, perpetual markets, newest pools and odds' },
  { to: '/token', label: 'Token', summary: 'the project token: price, pools, candles, holders and trades' },
  { to: '/stocks', label: 'Stocks', summary: 'stock tokens with their premium over the reference price' },
  { to: '/screener', label: 'Screener', summary: 'pools filtered by liquidity, volume, age and flags' },
  { to: '/wallet', label: 'Wallet', summary: 'a wallet’s holdings and transfers' },
  { to: '/explain', label: 'Explain', summary: 'a contract’s verified interface and security flags' },
  { to: '/ask', label: 'Ask', summary: 'questions answered by a model from live data' },
  { to: '/widgets', label: 'Widgets', summary: 'embeddable cards for other sites' },
] as const;
