// The payload of `rankings.tokens` (Codex `filterTokens` on the chain's network), following the
// rules of market/market-types.ts: a member Codex did not return (missing, null, "") is absent,
// never 0, "" or "unknown"; the price stays the decimal string sent; USD amounts, percents and
// counts are numbers; times are ISO 8601. Codex reports windows of 5 minutes and 1, 4, 12 and 24
// hours, so the windows here are Codex's own (not market-types' m15/m30/h6).

export type CodexWindow = 'm5' | 'h1' | 'h4' | 'h12' | 'h24';
export const CODEX_WINDOWS: readonly CodexWindow[] = ['m5', 'h1', 'h4', 'h12', 'h24'];

export interface CodexTxnCounts {
  total?: number;
  buys?: number;
  sells?: number;
}

export interface RankedToken {
  /** Position in Codex's ranking (1 = first), counting from the requested offset. */
  rank: number;
  address: string;
  name?: string;
  symbol?: string;
  decimals?: number;
  /** USD price, the decimal string Codex sent. */
  priceUsd?: string;
  /** Liquidity of the token's top pair, USD. */
  liquidityUsd?: number;
  /** Fully diluted market cap, USD. */
  marketCapUsd?: number;
  circulatingMarketCapUsd?: number;
  holders?: number;
  volumeUsd?: Partial<Record<CodexWindow, number>>;
  /** Percent, e.g. 12.8 for +12.8 % (Codex sends fractions: 0.128). */
  priceChangePct?: Partial<Record<CodexWindow, number>>;
  txns?: Partial<Record<CodexWindow, CodexTxnCounts>>;
  /** When the token's first pair was created, and its last transaction. */
  createdAt?: string;
  lastTransactionAt?: string;
  /** The token's top pair (its address on the chain). */
  topPair?: string;
  /** Codex's scam flag, when it set one. */
  isScam?: boolean;
}

/** rankings.tokens */
export interface TokenRanking {
  /** The chain's key and the Codex network id asked for. */
  network: string;
  networkId: number;
  rankBy: string;
  direction: 'asc' | 'desc';
  tokens: RankedToken[];
}
