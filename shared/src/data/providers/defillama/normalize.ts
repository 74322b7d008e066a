// DefiLlama's answers in the layer's shapes (sources/defillama-types.ts): absent rather than null
// or blank members, totals in USD, protocols and pools sorted largest first.
import { compact } from '../../compact.js';
import type {
  DefiOverviewProtocol,
  DefiProtocol,
  DefiTotals,
  DefiYieldPool,
} from '../../sources/defillama-types.js';
import type {
  DefillamaOverview,
  DefillamaOverviewProtocol,
  DefillamaPool,
  DefillamaProtocol,
} from './payloads.js';

const DEFAULT_LIMIT = 20;

export const finite = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;
export const text = (s: string | null | undefined) =>
  typeof s === 'string' && s.trim() !== '' ? s : undefined;
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const isEmpty = (o: object) => Object.keys(o).length === 0;

export const limitOf = (params: Record<string, unknown>) =>
  typeof params.limit === 'number' ? params.limit : DEFAULT_LIMIT;

export const totalsOf = (o: Partial<DefillamaOverview & DefillamaOverviewProtocol>): DefiTotals =>
  compact({
    total24hUsd: finite(o.total24h),
    total7dUsd: finite(o.total7d),
    total30dUsd: finite(o.total30d),
    total1yUsd: finite(o.total1y),
    totalAllTimeUsd: finite(o.totalAllTime),
    change1dPct: finite(o.change_1d),
    change7dPct: finite(o.change_7d),
    change1mPct: finite(o.change_1m),
  }) as DefiTotals;

/** Largest first by `value`, those without one last; ties by `label`. */
export function byLargest<T>(value: (item: T) => number | undefined, label: (item: T) => string = () => '') {
  return (a: T, b: T) => {
    const va = value(a);
    const vb = value(b);
    if (va !== vb) {
      if (va === undefined) return 1;
      if (vb === undefined) return -1;
      return vb - va;
    }
    return label(a).localeCompare(label(b));
  };
}

export const identityOf = (p: DefillamaOverviewProtocol): Omit<DefiOverviewProtocol, keyof DefiTotals> =>
  compact({
    name: p.name,
    displayName: text(p.displayName),
    slug: text(p.slug),
    defillamaId: text(p.defillamaId),
    category: text(p.category),
  }) as DefiOverviewProtocol;

export function protocolOf(p: DefillamaProtocol, tvlUsd: number): DefiProtocol {
  return compact({
    name: p.name,
    slug: text(p.slug),
    // DefiLlama sends "-" for a protocol without a token.
    symbol: p.symbol === '-' ? undefined : text(p.symbol),
    category: text(p.category),
    tvlUsd,
    totalTvlUsd: finite(p.tvl),
    change1hPct: finite(p.change_1h),
    change1dPct: finite(p.change_1d),
    change7dPct: finite(p.change_7d),
    chains: p.chains && p.chains.length > 0 ? p.chains : undefined,
    url: text(p.url),
    logo: text(p.logo),
  }) as DefiProtocol;
}

export function poolOf(p: DefillamaPool): DefiYieldPool {
  const prediction = p.predictions
    ? compact({
        class: text(p.predictions.predictedClass),
        probabilityPct: finite(p.predictions.predictedProbability),
        binnedConfidence: finite(p.predictions.binnedConfidence),
      })
    : undefined;
  return compact({
    pool: p.pool,
    project: text(p.project),
    symbol: text(p.symbol),
    tvlUsd: finite(p.tvlUsd),
    apyPct: finite(p.apy),
    apyBasePct: finite(p.apyBase),
    apyRewardPct: finite(p.apyReward),
    apyChange1dPct: finite(p.apyPct1D),
    apyChange7dPct: finite(p.apyPct7D),
    apyChange30dPct: finite(p.apyPct30D),
    apyBase7dPct: finite(p.apyBase7d),
    apyMean30dPct: finite(p.apyMean30d),
    il7dPct: finite(p.il7d),
    volume1dUsd: finite(p.volumeUsd1d),
    volume7dUsd: finite(p.volumeUsd7d),
    stablecoin: p.stablecoin ?? undefined,
    ilRisk: text(p.ilRisk),
    exposure: text(p.exposure),
    poolMeta: text(p.poolMeta),
    rewardTokens: p.rewardTokens && p.rewardTokens.length > 0 ? p.rewardTokens : undefined,
    underlyingTokens: p.underlyingTokens && p.underlyingTokens.length > 0 ? p.underlyingTokens : undefined,
    prediction: prediction && !isEmpty(prediction) ? prediction : undefined,
  }) as DefiYieldPool;
}
