// The supported chain (docs/data-layer.md).
export const CHAINS = {
  robinhood: {
    key: 'robinhood',
    chainId: 4663,
    name: 'Robinhood Chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
} as const;

export type ChainKey = keyof typeof CHAINS;
export type Chain = (typeof CHAINS)[ChainKey];
export const DEFAULT_CHAIN: ChainKey = 'robinhood';
