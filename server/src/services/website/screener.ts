// The screener (docs/public-api.md, GET /v1/screener; /screener in docs/website.md, "Pages"): the
// newest pools on the chain from the pool provider, each with the automated security flags of its
// base token. The filters that need no look-up (liquidity, age) run first; then the flags of at
// most SCREENER_LIMITS.tokens distinct base tokens are asked for, a few at a time; then the flag
// filters. A pool whose flags could not be read (or were not asked for) carries a section that says
// so: never "safe" by default. The rules are pure, in screener-flags.ts.
import {
  RegistryError,
  screenerFlagsOf,
  toSection,
  type ScreenerParams,
  type ScreenerPool,
  type Section,
  type TokenFlags,
  type V1Pool,
  type V1Screener,
} from '@pkg/shared';
import { DEFAULT_CHAIN, type MarketPool, type MarketTokenRef, type PoolList } from '@pkg/shared/data';
import { mapBounded } from './fan-out.js';
import { served, sourceSection, whyNot } from './source-section.js';
import {
  ageHours,
  filterByFlags,
  filterByMarket,
  tokenFlags,
  type PoolFilters,
  type TokenReport,
} from './screener-flags.js';
import type { WebsiteDeps } from './website-deps.js';

/** At most this many distinct tokens are checked per answer, this many at a time. */
export const SCREENER_LIMITS = { tokens: 20, concurrency: 4 } as const;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The filters of the parameters; a flag both excluded and required is a bad request. */
export function screenerFilters(params: ScreenerParams): PoolFilters {
  const exclude = screenerFlagsOf(params.exclude);
  const require = screenerFlagsOf(params.require);
  const both = exclude.filter((f) => require.includes(f));
  if (both.length > 0)
    throw new RegistryError(
      'BAD_REQUEST',
      `A flag cannot be both excluded and required: ${both.join(', ')}.`,
      {
        details: both.map((f) => ({ path: 'require', code: 'conflict', message: `${f} is also excluded` })),
      },
    );
  return { minLiquidityUsd: params.minLiquidityUsd, maxAgeHours: params.maxAgeHours, exclude, require };
}

const tokenRef = (t: MarketTokenRef): V1Pool['baseToken'] => ({
  address: t.address,
  ...(t.name !== undefined ? { name: t.name } : {}),
  ...(t.symbol !== undefined ? { symbol: t.symbol } : {}),
  ...(t.decimals !== undefined ? { decimals: t.decimals } : {}),
});

/** A pool as the answer carries it: the members the provider returned, nothing invented. */
export function v1Pool(p: MarketPool): V1Pool {
  return {
    network: p.network,
    address: p.address,
    ...(p.dex !== undefined ? { dex: p.dex } : {}),
    ...(p.name !== undefined ? { name: p.name } : {}),
    baseToken: tokenRef(p.baseToken),
    quoteToken: tokenRef(p.quoteToken),
    ...(p.priceUsd !== undefined ? { priceUsd: p.priceUsd } : {}),
    ...(p.liquidityUsd !== undefined ? { liquidityUsd: p.liquidityUsd } : {}),
    ...(p.fdvUsd !== undefined ? { fdvUsd: p.fdvUsd } : {}),
    ...(p.volumeUsd?.h24 !== undefined ? { volume24hUsd: p.volumeUsd.h24 } : {}),
    ...(p.priceChangePct?.h24 !== undefined ? { priceChange24hPct: p.priceChangePct.h24 } : {}),
    ...(p.createdAt !== undefined ? { createdAt: p.createdAt } : {}),
    ...(p.url !== undefined ? { url: p.url } : {}),
  };
}

const notChecked = (reason: string): Section<TokenFlags> => ({
  status: 'UNAVAILABLE',
  code: 'NOT_CHECKED',
  reason,
});

export async function screener(deps: WebsiteDeps, params: ScreenerParams): Promise<V1Screener> {
  const filters = screenerFilters(params);
  const answerFilters = {
    ...(filters.minLiquidityUsd !== undefined ? { minLiquidityUsd: filters.minLiquidityUsd } : {}),
    ...(filters.maxAgeHours !== undefined ? { maxAgeHours: filters.maxAgeHours } : {}),
    exclude: [...filters.exclude],
    require: [...filters.require],
  };
  const listed = await deps.data.market.newPools({ network: DEFAULT_CHAIN });
  const base = { network: DEFAULT_CHAIN, filters: answerFilters };
  if (!served(listed)) return { ...base, pools: { ...toSection(listed), reason: whyNot(listed) } };

  const now = deps.clock();
  const pools = (listed.data as PoolList).pools.map(v1Pool);
  const market = filterByMarket(pools, filters, now);
  const tokens = [...new Set(market.kept.map((p) => p.baseToken.address.toLowerCase()))].filter((t) =>
    EVM_ADDRESS.test(t),
  );
  const checked = tokens.slice(0, SCREENER_LIMITS.tokens);
  const flagsOf = new Map(
    await mapBounded(checked, SCREENER_LIMITS.concurrency, async (address) => {
      const report = await deps.data.security.token({ address });
      return [address, sourceSection(report, (v) => tokenFlags(address, v as TokenReport))] as const;
    }),
  );
  const screened: ScreenerPool[] = market.kept.map((pool) => {
    const token = pool.baseToken.address.toLowerCase();
    const age = ageHours(pool.createdAt, now);
    return {
      ...pool,
      source: listed.provenance.source,
      ...(age !== undefined ? { ageHours: age } : {}),
      security:
        flagsOf.get(token) ??
        notChecked(
          EVM_ADDRESS.test(token)
            ? `only the first ${SCREENER_LIMITS.tokens} distinct tokens of an answer are checked`
            : 'the base token is not a contract address of the chain',
        ),
    };
  });
  const flagged = filterByFlags(screened, filters);
  return {
    ...base,
    pools: {
      status: listed.status,
      provenance: listed.provenance,
      data: {
        pools: flagged.kept,
        considered: pools.length,
        leftOut: {
          liquidity: market.liquidity,
          age: market.age,
          flags: flagged.flags,
          unchecked: flagged.unchecked,
        },
        tokensChecked: checked.length,
        checkLimit: SCREENER_LIMITS.tokens,
      },
    },
  };
}
