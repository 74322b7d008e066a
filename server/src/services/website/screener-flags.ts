// The screener's pure rules (docs/public-api.md, "GET /v1/screener"): the flags read from a
// token's security report, and the filters by liquidity, age and flags. Every flag has three
// states: raised, clear, or undetermined (the report did not say). A filter on flags keeps only
// pools whose token is *known* to pass it, so that a pool whose flags are undetermined or could not
// be read is never taken for safe.
import {
  HIGH_TAX_FRACTION,
  SCREENER_FLAGS,
  type ScreenerFlag,
  type Section,
  type TokenFlags,
  type V1Pool,
} from '@pkg/shared';

/** The members of a security.token report the flags are read from (camelCase, as the data layer returns them). */
export interface TokenReport {
  isHoneypot?: boolean;
  cannotBuy?: boolean;
  cannotSellAll?: boolean;
  buyTaxFraction?: number;
  sellTaxFraction?: number;
  slippageModifiable?: boolean;
  personalSlippageModifiable?: boolean;
  isMintable?: boolean;
  canTakeBackOwnership?: boolean;
  ownerChangeBalance?: boolean;
  hiddenOwner?: boolean;
  selfdestruct?: boolean;
  externalCall?: boolean;
  isProxy?: boolean;
  transferPausable?: boolean;
  isBlacklisted?: boolean;
  tradingCooldown?: boolean;
  isOpenSource?: boolean;
  isAirdropScam?: boolean;
  fakeToken?: { counterfeit?: boolean };
  holderCount?: number;
}

type Tri = boolean | undefined;
const yes = (v: unknown): Tri => (typeof v === 'boolean' ? v : undefined);
const not = (v: Tri): Tri => (v === undefined ? undefined : !v);
const above = (fraction: unknown): Tri =>
  typeof fraction === 'number' && Number.isFinite(fraction) ? fraction > HIGH_TAX_FRACTION : undefined;
/** Raised when any part is, clear when every part is clear, else undetermined. */
const anyOf = (...parts: Tri[]): Tri =>
  parts.some((p) => p === true) ? true : parts.every((p) => p === false) ? false : undefined;

/** Each flag and the report members it is read from. */
export const FLAG_RULES: Readonly<Record<ScreenerFlag, (r: TokenReport) => Tri>> = {
  honeypot: (r) => yes(r.isHoneypot),
  'cannot-buy': (r) => yes(r.cannotBuy),
  'cannot-sell-all': (r) => yes(r.cannotSellAll),
  'high-tax': (r) => anyOf(above(r.buyTaxFraction), above(r.sellTaxFraction)),
  'modifiable-tax': (r) => anyOf(yes(r.slippageModifiable), yes(r.personalSlippageModifiable)),
  mintable: (r) => yes(r.isMintable),
  'owner-can-reclaim': (r) => yes(r.canTakeBackOwnership),
  'owner-can-change-balance': (r) => yes(r.ownerChangeBalance),
  'hidden-owner': (r) => yes(r.hiddenOwner),
  'self-destruct': (r) => yes(r.selfdestruct),
  'external-call': (r) => yes(r.externalCall),
  proxy: (r) => yes(r.isProxy),
  pausable: (r) => yes(r.transferPausable),
  blacklist: (r) => yes(r.isBlacklisted),
  'trading-cooldown': (r) => yes(r.tradingCooldown),
  'closed-source': (r) => not(yes(r.isOpenSource)),
  'airdrop-scam': (r) => yes(r.isAirdropScam),
  counterfeit: (r) => yes(r.fakeToken?.counterfeit),
};

const finite = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

/** The flags of a token from its security report. */
export function tokenFlags(token: string, report: TokenReport): TokenFlags {
  const raised: ScreenerFlag[] = [];
  const undetermined: ScreenerFlag[] = [];
  for (const flag of SCREENER_FLAGS) {
    const state = FLAG_RULES[flag](report);
    if (state === true) raised.push(flag);
    else if (state === undefined) undetermined.push(flag);
  }
  const buy = finite(report.buyTaxFraction);
  const sell = finite(report.sellTaxFraction);
  const holders = finite(report.holderCount);
  return {
    token,
    raised,
    undetermined,
    ...(buy !== undefined ? { buyTaxFraction: buy } : {}),
    ...(sell !== undefined ? { sellTaxFraction: sell } : {}),
    ...(holders !== undefined ? { holderCount: holders } : {}),
  };
}

export interface PoolFilters {
  minLiquidityUsd?: number | undefined;
  maxAgeHours?: number | undefined;
  exclude: readonly ScreenerFlag[];
  require: readonly ScreenerFlag[];
}

/** Hours from `createdAt` to `now`, when the provider sent a readable creation time. */
export function ageHours(createdAt: string | undefined, now: Date): number | undefined {
  const at = createdAt === undefined ? NaN : Date.parse(createdAt);
  if (!Number.isFinite(at)) return undefined;
  return Math.max(0, Math.round(((now.getTime() - at) / 3_600_000) * 100) / 100);
}

/**
 * The filters that need no look-up, applied before any security request (fewer requests): a pool
 * whose liquidity or creation time is not reported is left out when that filter is asked for.
 */
export function filterByMarket<P extends Pick<V1Pool, 'liquidityUsd' | 'createdAt'>>(
  pools: readonly P[],
  filters: Pick<PoolFilters, 'minLiquidityUsd' | 'maxAgeHours'>,
  now: Date,
): { kept: P[]; liquidity: number; age: number } {
  const kept: P[] = [];
  let liquidity = 0;
  let age = 0;
  for (const pool of pools) {
    if (
      filters.minLiquidityUsd !== undefined &&
      (pool.liquidityUsd === undefined || pool.liquidityUsd < filters.minLiquidityUsd)
    )
      liquidity += 1;
    else if (filters.maxAgeHours !== undefined) {
      const hours = ageHours(pool.createdAt, now);
      if (hours === undefined || hours > filters.maxAgeHours) age += 1;
      else kept.push(pool);
    } else kept.push(pool);
  }
  return { kept, liquidity, age };
}

/**
 * The flag filters: with none asked for every pool stays; otherwise a pool whose flags were not
 * read is left out as `unchecked`, and one whose token is not known to pass every filter (an
 * excluded flag raised or undetermined, a required flag not raised) as `flags`.
 */
export function filterByFlags<P extends { security: Section<TokenFlags> }>(
  pools: readonly P[],
  filters: Pick<PoolFilters, 'exclude' | 'require'>,
): { kept: P[]; flags: number; unchecked: number } {
  if (filters.exclude.length === 0 && filters.require.length === 0)
    return { kept: [...pools], flags: 0, unchecked: 0 };
  const kept: P[] = [];
  let flags = 0;
  let unchecked = 0;
  for (const pool of pools) {
    const read = pool.security.data;
    if (!read) {
      unchecked += 1;
      continue;
    }
    const clear = (f: ScreenerFlag) => !read.raised.includes(f) && !read.undetermined.includes(f);
    if (filters.exclude.every(clear) && filters.require.every((f) => read.raised.includes(f)))
      kept.push(pool);
    else flags += 1;
  }
  return { kept, flags, unchecked };
}
