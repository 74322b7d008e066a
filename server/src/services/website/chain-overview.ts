// The chain overview (docs/public-api.md, GET /v1/chain; the /live page of docs/website.md,
// "Pages"): the chain's TVL and its largest DeFi protocols (DefiLlama), Hyperliquid's perpetual
// markets by volume, the newest pools (the pool provider), the stock tokens (the /v1/stocks answer)
// and the odds card (the /v1/odds answer). Each panel keeps its own source and time, and one
// failing source never blanks another. Members a source did not send stay absent.
import { CHAINS, DEFAULT_CHAIN, type PoolList } from '@pkg/shared/data';
import type { ChainProtocols, ChainTvl, PerpMarketsPanel, V1Chain } from '@pkg/shared';
import { oddsAnswer } from './odds-answer.js';
import { v1Pool } from './screener.js';
import { sourceSection } from './source-section.js';
import { stocksAnswer } from './stocks-answer.js';
import type { WebsiteDeps } from './website-deps.js';

/** How many protocols, perpetual markets and new pools the overview lists (largest or newest first). */
export const OVERVIEW_LIMITS = { protocols: 10, perps: 10, pools: 10 } as const;

type Rec = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
/** The members of `from` named in `keys` that hold a value of the right kind. */
function pick(from: Rec, numbers: readonly string[], strings: readonly string[]): Rec {
  const out: Rec = {};
  for (const k of numbers) if (num(from[k]) !== undefined) out[k] = from[k];
  for (const k of strings) if (str(from[k]) !== undefined) out[k] = from[k];
  return out;
}

function tvlOf(value: unknown): ChainTvl {
  const v = value as Rec;
  return { chain: String(v.chain), tvlUsd: Number(v.tvlUsd), ...pick(v, ['chainId'], []) };
}

function protocolsOf(value: unknown): ChainProtocols {
  const v = value as { chain: string; total: number; protocols: Rec[] };
  return {
    chain: v.chain,
    total: v.total,
    protocols: v.protocols.slice(0, OVERVIEW_LIMITS.protocols).map((p) => ({
      name: String(p.name),
      tvlUsd: Number(p.tvlUsd),
      ...pick(p, ['change1dPct', 'change7dPct'], ['slug', 'category', 'url']),
    })),
  };
}

function perpsOf(value: unknown): PerpMarketsPanel {
  const v = value as { markets: Rec[] };
  return {
    markets: v.markets.slice(0, OVERVIEW_LIMITS.perps).map((m) => ({
      name: String(m.name),
      ...pick(
        m,
        ['change24hPct', 'volume24hNotional', 'openInterestNotional', 'maxLeverage'],
        ['markPx', 'prevDayPx', 'funding'],
      ),
    })),
  };
}

/**
 * One round. The panels' identical reads (the issuer's list, read by the stock and the odds panels)
 * share one upstream request: the data layer's single flight. The protocol list alone waits for
 * the chain's TVL: DefiLlama's provider finds the chain's name in the answer the TVL reads (GET
 * /v2/chains), another capability than the protocol list, which single flight does not join.
 */
export async function chainOverview(deps: WebsiteDeps): Promise<V1Chain> {
  const { data } = deps;
  const chainTvl = data.defi.chainTvl();
  const [tvl, protocols, perps, newPools, stocks, odds] = await Promise.all([
    chainTvl,
    chainTvl.then(() => data.defi.protocols({ limit: OVERVIEW_LIMITS.protocols })),
    data.perps.markets({ limit: OVERVIEW_LIMITS.perps }),
    data.market.newPools({ network: DEFAULT_CHAIN }),
    stocksAnswer(deps),
    oddsAnswer(deps),
  ]);
  return {
    network: DEFAULT_CHAIN,
    chainId: CHAINS[DEFAULT_CHAIN].chainId,
    tvl: sourceSection(tvl, tvlOf),
    protocols: sourceSection(protocols, protocolsOf),
    perps: sourceSection(perps, perpsOf),
    newPools: sourceSection(newPools, (v) => ({
      pools: (v as PoolList).pools.slice(0, OVERVIEW_LIMITS.pools).map(v1Pool),
    })),
    stocks,
    odds,
  };
}
