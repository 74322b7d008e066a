// Rankings of a network's pools (docs/data-layer.md, "Rankings"), computed here from the per-pool
// fields the pool and pair providers return: nothing is estimated. A pool that lacks the field
// a ranking reads, or has less liquidity than the minimum, is left out and counted.
import type { MarketPool } from './market-types.js';

export const RANKINGS = [
  'gainers',
  'losers',
  'volume',
  'volume-drop',
  'volume-up',
  'liquidity',
  'txns',
] as const;
export type Ranking = (typeof RANKINGS)[number];

/** Pools with less liquidity (USD) than this are dust and left out, unless the caller says otherwise. */
export const DEFAULT_MIN_LIQUIDITY_USD = 10_000;

interface RankingRule {
  definition: string;
  /** The value ranked on, or undefined when the pool lacks what it needs. */
  value: (pool: MarketPool) => number | undefined;
  descending: boolean;
  /** Only pools whose value passes (losers are negative, volume-up above 1 ...). */
  keep: (value: number) => boolean;
}

const h6Pace = (pool: MarketPool): number | undefined => {
  const h6 = pool.volumeUsd?.h6;
  const h24 = pool.volumeUsd?.h24;
  return h6 !== undefined && h24 !== undefined && h24 > 0 ? (h6 * 4) / h24 : undefined;
};

export const RANKING_RULES: Record<Ranking, RankingRule> = {
  gainers: {
    definition: 'largest 24 h price change (priceChangePct.h24), positive only, highest first',
    value: (p) => p.priceChangePct?.h24,
    descending: true,
    keep: (v) => v > 0,
  },
  losers: {
    definition: 'largest 24 h price fall (priceChangePct.h24), negative only, steepest first',
    value: (p) => p.priceChangePct?.h24,
    descending: false,
    keep: (v) => v < 0,
  },
  volume: {
    definition: 'largest 24 h trading volume in USD (volumeUsd.h24), highest first',
    value: (p) => p.volumeUsd?.h24,
    descending: true,
    keep: (v) => v > 0,
  },
  'volume-up': {
    definition:
      'volume pace of the last 6 h against the last 24 h: volumeUsd.h6 × 4 ÷ volumeUsd.h24, above 1 only (trading faster than its 24 h average), highest first',
    value: h6Pace,
    descending: true,
    keep: (v) => v > 1,
  },
  'volume-drop': {
    definition:
      'volume pace of the last 6 h against the last 24 h: volumeUsd.h6 × 4 ÷ volumeUsd.h24, below 1 only (trading slower than its 24 h average), lowest first',
    value: h6Pace,
    descending: false,
    keep: (v) => v < 1,
  },
  liquidity: {
    definition: 'largest liquidity in USD (liquidityUsd), highest first',
    value: (p) => p.liquidityUsd,
    descending: true,
    keep: (v) => v > 0,
  },
  txns: {
    definition: 'most transactions in 24 h (txns.h24.buys + txns.h24.sells), highest first',
    value: (p) => {
      const t = p.txns?.h24;
      return t ? t.buys + t.sells : undefined;
    },
    descending: true,
    keep: (v) => v > 0,
  },
};

export const TIE_BREAK = 'ties: larger liquidityUsd first, then the pool address in ascending order';

export interface RankedPool {
  rank: number;
  value: number;
  /** The provider whose fields were used for this pool. */
  source: string;
  pool: MarketPool;
}

export interface RankingOutcome {
  ranking: Ranking;
  definition: string;
  tieBreak: string;
  minLiquidityUsd: number;
  considered: number;
  /**
   * Pools left out: no liquidity reported (it cannot be told from dust), below the minimum
   * liquidity, without the ranked field, outside the rule, or listed by a second source.
   */
  excluded: {
    noLiquidityReported: number;
    belowMinLiquidity: number;
    missingField: number;
    outsideRule: number;
    duplicates: number;
  };
  pools: RankedPool[];
}

/** Ranks pools (each tagged with its source) by one rule; the first source of a pool wins. */
export function rankPools(
  input: readonly { source: string; pool: MarketPool }[],
  ranking: Ranking,
  options: { minLiquidityUsd: number; limit: number },
): RankingOutcome {
  const rule = RANKING_RULES[ranking];
  const excluded = {
    noLiquidityReported: 0,
    belowMinLiquidity: 0,
    missingField: 0,
    outsideRule: 0,
    duplicates: 0,
  };
  const seen = new Set<string>();
  const rows: Omit<RankedPool, 'rank'>[] = [];
  for (const { source, pool } of input) {
    const id = `${pool.network}:${pool.address.toLowerCase()}`;
    if (seen.has(id)) {
      excluded.duplicates += 1;
      continue;
    }
    seen.add(id);
    if (pool.liquidityUsd === undefined) {
      excluded.noLiquidityReported += 1;
      continue;
    }
    if (pool.liquidityUsd < options.minLiquidityUsd) {
      excluded.belowMinLiquidity += 1;
      continue;
    }
    const value = rule.value(pool);
    if (value === undefined || !Number.isFinite(value)) excluded.missingField += 1;
    else if (!rule.keep(value)) excluded.outsideRule += 1;
    else rows.push({ value, source, pool });
  }
  rows.sort(
    (a, b) =>
      (rule.descending ? b.value - a.value : a.value - b.value) ||
      (b.pool.liquidityUsd ?? 0) - (a.pool.liquidityUsd ?? 0) ||
      a.pool.address.toLowerCase().localeCompare(b.pool.address.toLowerCase()),
  );
  return {
    ranking,
    definition: rule.definition,
    tieBreak: TIE_BREAK,
    minLiquidityUsd: options.minLiquidityUsd,
    considered: seen.size,
    excluded,
    pools: rows.slice(0, options.limit).map((row, i) => ({ rank: i + 1, ...row })),
  };
}
