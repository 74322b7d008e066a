// DefiLlama, the `defi.*` capabilities for the chain. DefiLlama names chains by display name; the
// chain's name is not assumed but found in GET /v2/chains: the entry whose `chainId` is the chain's
// id, else (DefiLlama leaves `chainId` null for some chains) the entry carrying the name DefiLlama
// is known to use for it ("Robinhood Chain" for 4663) with no
// other chain id. The runtime keeps the name; a chain DefiLlama does not list is NoDataError
// (UNAVAILABLE), believed for an hour before /v2/chains is asked again.
import { compact } from '../../compact.js';
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type {
  DefiChainTvl,
  DefiDexVolume,
  DefiFees,
  DefiFeesProtocol,
  DefiOverviewProtocol,
  DefiProtocol,
  DefiProtocolList,
  DefiStablecoins,
  DefiTotals,
  DefiYieldList,
  DefiYieldPool,
} from '../../sources/defillama-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { createDefillamaGet } from './http.js';
import {
  chainsSchema,
  overviewSchema,
  poolListSchema,
  poolSchema,
  protocolListSchema,
  protocolSchema,
  stablecoinChainsSchema,
  type DefillamaChain,
  type DefillamaOverview,
  type DefillamaOverviewProtocol,
  type DefillamaPool,
  type DefillamaProtocol,
} from './payloads.js';

/** The name DefiLlama uses for a chain whose /v2/chains entry carries no chain id. */
export const DEFILLAMA_CHAIN_NAMES: Readonly<Record<number, string>> = { 4663: 'Robinhood Chain' };
/** How long "DefiLlama does not list the chain" is believed before /v2/chains is asked again. */
const NOT_LISTED_TTL_MS = 3_600_000;
/**
 * GET /protocols and GET /pools are DefiLlama's full lists (every protocol, every yield pool:
 * several MB each and growing), beyond the 5 MiB cap of other answers; they get this cap instead.
 */
export const DEFILLAMA_LIST_BYTES = 32 * 1024 * 1024;
const DEFAULT_LIMIT = 20;

const finite = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;
const text = (s: string | null | undefined) => (typeof s === 'string' && s.trim() !== '' ? s : undefined);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A chain id as DefiLlama sends it: a number, or a decimal string. */
export function chainIdOf(value: number | string | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** The chain's /v2/chains entry: by chain id, else by its known name when the entry has no id. */
export function findChain(chains: readonly DefillamaChain[], chainId: number): DefillamaChain | undefined {
  const byId = chains.find((c) => chainIdOf(c.chainId) === chainId);
  if (byId) return byId;
  const known = DEFILLAMA_CHAIN_NAMES[chainId]?.toLowerCase();
  if (known === undefined) return undefined;
  return chains.find((c) => c.name.toLowerCase() === known && chainIdOf(c.chainId) === undefined);
}

/**
 * The spellings of the chain's name in DefiLlama's other datasets, lower-cased: the display name,
 * and without a trailing " Chain" (the yields server names a pool's chain after the adapter's chain
 * key, "robinhood" → "Robinhood": github.com/DefiLlama/yield-server src/adaptors/utils.js formatChain).
 */
export function chainAliases(name: string): string[] {
  const lower = name.trim().toLowerCase();
  const short = lower.replace(/\s+chain$/, '');
  return [...new Set([lower, short])].filter((a) => a !== '');
}

const totalsOf = (o: Partial<DefillamaOverview & DefillamaOverviewProtocol>): DefiTotals =>
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

const isEmpty = (o: object) => Object.keys(o).length === 0;

/** Largest first by `value`, those without one last; ties by `label`. */
function byLargest<T>(value: (item: T) => number | undefined, label: (item: T) => string = () => '') {
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

const identityOf = (p: DefillamaOverviewProtocol): Omit<DefiOverviewProtocol, keyof DefiTotals> =>
  compact({
    name: p.name,
    displayName: text(p.displayName),
    slug: text(p.slug),
    defillamaId: text(p.defillamaId),
    category: text(p.category),
  }) as DefiOverviewProtocol;

function protocolOf(p: DefillamaProtocol, tvlUsd: number): DefiProtocol {
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

function poolOf(p: DefillamaPool): DefiYieldPool {
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

const limitOf = (params: Record<string, unknown>) =>
  typeof params.limit === 'number' ? params.limit : DEFAULT_LIMIT;

export const createDefillamaProvider: ProviderFactory = (endpoint, context) => {
  const get = createDefillamaGet(endpoint, context);
  const { chainId } = context;
  const options = { provider: 'defillama', redact: context.redact };
  let known: { entry: DefillamaChain | undefined; at: number } | undefined;
  let pending: Promise<DefillamaChain | undefined> | undefined;

  const notListed = () =>
    new NoDataError(`DefiLlama does not list chain ${chainId} (GET /v2/chains)`, options);

  const listChains = async () => {
    const chains = await get({ host: 'api', path: '/v2/chains' }, chainsSchema);
    const entry = findChain(chains, chainId);
    known = { entry, at: Date.now() };
    return { count: chains.length, entry };
  };

  /** The chain's name on DefiLlama; NoDataError when DefiLlama does not list it. */
  const chainName = async (): Promise<string> => {
    let entry: DefillamaChain | undefined;
    if (known && (known.entry !== undefined || Date.now() - known.at < NOT_LISTED_TTL_MS))
      entry = known.entry;
    else {
      pending ??= listChains()
        .then((r) => r.entry)
        .finally(() => {
          pending = undefined;
        });
      entry = await pending;
    }
    if (entry === undefined) throw notListed();
    return entry.name;
  };

  /** One volume or fees overview of the chain, with its echo of the chain checked. */
  const overview = async (kind: 'dexs' | 'fees', name: string, dataType: string, nothing: string) => {
    const path = `/overview/${kind}/${encodeURIComponent(name)}`;
    const answer = await get(
      {
        host: 'api',
        path,
        // Both chart switches are marked required by the spec; the charts are not read.
        query: { excludeTotalDataChart: 'true', excludeTotalDataChartBreakdown: 'true', dataType },
        notListed: nothing,
      },
      overviewSchema,
    );
    const echo = text(answer.chain);
    if (echo !== undefined && !chainAliases(name).includes(echo.toLowerCase()))
      throw new ProviderError('failure', `${path}: answered for ${echo} instead of ${name}`, options);
    return answer;
  };

  return {
    handlers: {
      'defi.chainTvl': async () => {
        const { entry } = await listChains();
        if (entry === undefined) throw notListed();
        const tvlUsd = finite(entry.tvl);
        if (tvlUsd === undefined)
          throw new NoDataError(`DefiLlama lists ${entry.name} without a TVL (GET /v2/chains)`, options);
        const cmcId = entry.cmcId === null || entry.cmcId === undefined ? undefined : String(entry.cmcId);
        const data: DefiChainTvl = compact({
          chain: entry.name,
          chainId: chainIdOf(entry.chainId),
          tvlUsd,
          tokenSymbol: text(entry.tokenSymbol),
          geckoId: text(entry.gecko_id),
          cmcId: text(cmcId),
        }) as DefiChainTvl;
        return { data };
      },

      'defi.protocols': async (params) => {
        const name = await chainName();
        const aliases = chainAliases(name);
        const list = await get(
          { host: 'api', path: '/protocols', maxBytes: DEFILLAMA_LIST_BYTES },
          protocolListSchema,
        );
        const found: DefiProtocol[] = [];
        for (const item of list) {
          if (!isRecord(item) || !isRecord(item.chainTvls)) continue;
          const tvls = item.chainTvls;
          // The plain chain key only: "<Chain>-staking", "-pool2", "-borrowed" are other splits.
          const key = Object.keys(tvls).find((k) => aliases.includes(k.toLowerCase()));
          const tvl = key === undefined ? undefined : tvls[key];
          if (typeof tvl !== 'number' || !Number.isFinite(tvl)) continue;
          const parsed = protocolSchema.safeParse(item);
          if (!parsed.success) throw new ProviderError('failure', '/protocols: unexpected protocol', options);
          found.push(protocolOf(parsed.data, tvl));
        }
        if (found.length === 0)
          throw new NoDataError(`DefiLlama lists no protocol with TVL on ${name}`, options);
        found.sort(
          byLargest(
            (p) => p.tvlUsd,
            (p) => p.name,
          ),
        );
        const data: DefiProtocolList = {
          chain: name,
          total: found.length,
          protocols: found.slice(0, limitOf(params)),
        };
        return { data };
      },

      'defi.dexVolume': async () => {
        const name = await chainName();
        const answer = await overview(
          'dexs',
          name,
          'dailyVolume',
          `DefiLlama lists no DEX volume on ${name}`,
        );
        const totals = totalsOf(answer);
        const protocols = (answer.protocols ?? []).map((p): DefiOverviewProtocol => ({
          ...identityOf(p),
          ...totalsOf(p),
        }));
        if (isEmpty(totals) && protocols.length === 0)
          throw new NoDataError(`DefiLlama lists no DEX volume on ${name}`, options);
        protocols.sort(
          byLargest(
            (p) => p.total24hUsd,
            (p) => p.name,
          ),
        );
        const data: DefiDexVolume = { chain: name, ...totals, protocols };
        return { data };
      },

      'defi.fees': async () => {
        const name = await chainName();
        const nothing = `DefiLlama lists no fees on ${name}`;
        const [fees, revenue] = await Promise.all([
          overview('fees', name, 'dailyFees', nothing),
          // Revenue is a second view of the same overview; none listed leaves it absent.
          overview('fees', name, 'dailyRevenue', `DefiLlama lists no revenue on ${name}`).catch(
            (error: unknown) => {
              if (error instanceof NoDataError) return undefined;
              throw error;
            },
          ),
        ]);
        const feeTotals = totalsOf(fees);
        const revenueTotals = revenue ? totalsOf(revenue) : {};
        const byKey = new Map<string, DefiFeesProtocol>();
        const keyOf = (p: DefillamaOverviewProtocol) => text(p.defillamaId) ?? p.name;
        for (const p of fees.protocols ?? []) {
          const t = totalsOf(p);
          byKey.set(keyOf(p), { ...identityOf(p), ...(isEmpty(t) ? {} : { fees: t }) });
        }
        for (const p of revenue?.protocols ?? []) {
          const t = totalsOf(p);
          if (isEmpty(t)) continue;
          const entry = byKey.get(keyOf(p)) ?? identityOf(p);
          byKey.set(keyOf(p), { ...entry, revenue: t });
        }
        const protocols = [...byKey.values()];
        if (isEmpty(feeTotals) && isEmpty(revenueTotals) && protocols.length === 0)
          throw new NoDataError(nothing, options);
        protocols.sort(
          byLargest(
            (p) => p.fees?.total24hUsd,
            (p) => p.name,
          ),
        );
        const data: DefiFees = compact({
          chain: name,
          fees: isEmpty(feeTotals) ? undefined : feeTotals,
          revenue: isEmpty(revenueTotals) ? undefined : revenueTotals,
          protocols,
        }) as DefiFees;
        return { data };
      },

      'defi.stablecoins': async () => {
        const name = await chainName();
        const aliases = chainAliases(name);
        const list = await get({ host: 'stablecoins', path: '/stablecoinchains' }, stablecoinChainsSchema);
        const entry = list.find((c) => aliases.includes(c.name.trim().toLowerCase()));
        // `totalCirculatingUSD` (SDK, live); else the spec example's `totalCirculating`, whose
        // amounts are in each peg's own unit, so that only its peggedUSD is in USD.
        const amounts = entry?.totalCirculatingUSD ?? { peggedUSD: entry?.totalCirculating?.peggedUSD };
        const byPegType: Record<string, number> = {};
        for (const [peg, value] of Object.entries(amounts ?? {})) {
          const usd = finite(value);
          if (usd !== undefined) byPegType[peg] = usd;
        }
        if (isEmpty(byPegType))
          throw new NoDataError(`DefiLlama lists no stablecoin supply on ${name}`, options);
        const circulatingUsd = Object.values(byPegType).reduce((sum, v) => sum + v, 0);
        const data: DefiStablecoins = { chain: name, circulatingUsd, byPegType };
        return { data };
      },

      'defi.yields': async (params) => {
        const name = await chainName();
        const aliases = chainAliases(name);
        const list = await get(
          { host: 'yields', path: '/pools', maxBytes: DEFILLAMA_LIST_BYTES },
          poolListSchema,
        );
        if (list.status !== undefined && list.status !== 'success')
          throw new ProviderError('failure', `/pools: status ${JSON.stringify(list.status)}`, options);
        const found: DefiYieldPool[] = [];
        for (const item of list.data) {
          if (!isRecord(item) || typeof item.chain !== 'string') continue;
          if (!aliases.includes(item.chain.trim().toLowerCase())) continue;
          const parsed = poolSchema.safeParse(item);
          if (!parsed.success) throw new ProviderError('failure', '/pools: unexpected pool', options);
          found.push(poolOf(parsed.data));
        }
        if (found.length === 0) throw new NoDataError(`DefiLlama lists no yield pool on ${name}`, options);
        found.sort(
          byLargest(
            (p) => p.tvlUsd,
            (p) => p.pool,
          ),
        );
        const data: DefiYieldList = {
          chain: name,
          total: found.length,
          pools: found.slice(0, limitOf(params)),
        };
        return { data };
      },
    },
    health: async () => {
      const { count, entry } = await listChains();
      return compact({ chains: count, chain: entry?.name, listed: entry !== undefined }) as Record<
        string,
        unknown
      >;
    },
  };
};
