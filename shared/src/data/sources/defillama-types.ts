// The payloads of the `defi.*` capabilities (DefiLlama), following the rules of
// market/market-types.ts: a member DefiLlama did not return (missing, null, "") is absent, never
// 0, "" or "unknown"; USD amounts, percentages and counts are numbers; percentages are as DefiLlama
// sends them (12.8 for +12.8 %). `chain` is the chain's name on DefiLlama ("Robinhood Chain").

/** defi.chainTvl: the chain's current TVL (GET /v2/chains). */
export interface DefiChainTvl {
  chain: string;
  chainId?: number;
  tvlUsd: number;
  tokenSymbol?: string;
  geckoId?: string;
  cmcId?: string;
}

/** A protocol with TVL on the chain (GET /protocols). */
export interface DefiProtocol {
  name: string;
  slug?: string;
  symbol?: string;
  category?: string;
  /** TVL on this chain (`chainTvls[<chain>]`, the plain key: no staking, pool2 or borrowed split). */
  tvlUsd: number;
  /** TVL over every chain the protocol is on. */
  totalTvlUsd?: number;
  /** Changes of the protocol's total TVL, in percent. */
  change1hPct?: number;
  change1dPct?: number;
  change7dPct?: number;
  chains?: string[];
  url?: string;
  logo?: string;
}

/** defi.protocols: the protocols with TVL on the chain, largest first. */
export interface DefiProtocolList {
  chain: string;
  /** How many protocols DefiLlama lists with TVL on the chain (before `limit`). */
  total: number;
  protocols: DefiProtocol[];
}

/** Totals of a volume or fees overview, in USD, and their changes in percent. */
export interface DefiTotals {
  total24hUsd?: number;
  total7dUsd?: number;
  total30dUsd?: number;
  total1yUsd?: number;
  totalAllTimeUsd?: number;
  change1dPct?: number;
  change7dPct?: number;
  change1mPct?: number;
}

/** One protocol of an overview on the chain. */
export interface DefiOverviewProtocol extends DefiTotals {
  name: string;
  displayName?: string;
  slug?: string;
  defillamaId?: string;
  category?: string;
}

/** defi.dexVolume: DEX volume on the chain (GET /overview/dexs/{chain}), protocols by 24 h volume. */
export interface DefiDexVolume extends DefiTotals {
  chain: string;
  protocols: DefiOverviewProtocol[];
}

/** One protocol's fees and revenue on the chain. */
export interface DefiFeesProtocol {
  name: string;
  displayName?: string;
  slug?: string;
  defillamaId?: string;
  category?: string;
  fees?: DefiTotals;
  revenue?: DefiTotals;
}

/**
 * defi.fees: fees paid by users and the protocols' revenue on the chain (GET /overview/fees/{chain}
 * with dataType dailyFees and dailyRevenue), protocols by 24 h fees.
 */
export interface DefiFees {
  chain: string;
  fees: DefiTotals;
  revenue: DefiTotals;
  protocols: DefiFeesProtocol[];
}

/** defi.stablecoins: stablecoin supply on the chain (GET /stablecoinchains). */
export interface DefiStablecoins {
  chain: string;
  /** The sum over peg types, in USD. */
  circulatingUsd: number;
  /** Per peg type (`peggedUSD`, `peggedEUR`, ...), in USD. */
  byPegType: Record<string, number>;
}

/** A yield pool on the chain (GET /pools of the yields host). */
export interface DefiYieldPool {
  /** DefiLlama's pool id (a UUID). */
  pool: string;
  project?: string;
  symbol?: string;
  tvlUsd?: number;
  /** APY in percent: total, base (organic) and reward. */
  apyPct?: number;
  apyBasePct?: number;
  apyRewardPct?: number;
  /** APY changes over 1, 7 and 30 days, in percentage points. */
  apyChange1dPct?: number;
  apyChange7dPct?: number;
  apyChange30dPct?: number;
  apyBase7dPct?: number;
  apyMean30dPct?: number;
  /** Impermanent loss over 7 days, in percent. */
  il7dPct?: number;
  volume1dUsd?: number;
  volume7dUsd?: number;
  stablecoin?: boolean;
  ilRisk?: string;
  exposure?: string;
  poolMeta?: string;
  rewardTokens?: string[];
  underlyingTokens?: string[];
  prediction?: { class?: string; probabilityPct?: number; binnedConfidence?: number };
}

/** defi.yields: the chain's yield pools, largest TVL first. */
export interface DefiYieldList {
  chain: string;
  /** How many pools DefiLlama lists on the chain (before `limit`). */
  total: number;
  pools: DefiYieldPool[];
}
