// market.rankings: the inputs (the network's top pools by volume, pages 1 and 2, and by
// transactions, page 1, from the pool route; the pair provider's pairs listed for the network),
// each fetched through the router and cache, then ranked by rankings.ts. The answer names every
// input with its provider, status and time, and its provenance joins the serving providers.
import { randomUUID } from 'node:crypto';
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { liveResult } from '../result.js';
import type { CachedResult, LiveResult, ProviderAttempt, Result } from '../../contract/result-schema.js';
import type { MarketPool, PoolList } from './market-types.js';
import { rankPools, type Ranking } from './rankings.js';

export interface RankingParams {
  ranking: Ranking;
  network: string;
  limit: number;
  minLiquidityUsd: number;
  fresh?: boolean | undefined;
}

const INPUTS = (network: string) =>
  [
    ['market.pools', { network, sort: 'volume', page: 1 }],
    ['market.pools', { network, sort: 'volume', page: 2 }],
    ['market.pools', { network, sort: 'transactions', page: 1 }],
    ['market.search', { query: network, network }],
  ] as const;

const served = (r: Result): r is LiveResult | CachedResult => r.status === 'LIVE' || r.status === 'CACHED';

export async function rankMarket(run: RunCapability, params: RankingParams): Promise<Result> {
  const inputs = await Promise.all(
    INPUTS(params.network).map(async ([capability, input]) => ({
      capability,
      input,
      result: await run(capability, { ...input, fresh: params.fresh }),
    })),
  );
  const ok = inputs.filter((i) => served(i.result));
  const [primary] = inputs;
  if (ok.length === 0 && primary) return primary.result;
  const tagged: { source: string; pool: MarketPool }[] = [];
  for (const { result } of ok) {
    if (!served(result)) continue;
    for (const pool of (result.data as PoolList).pools)
      tagged.push({ source: result.provenance.source, pool });
  }
  const outcome = rankPools(tagged, params.ranking, params);
  const provenances = ok.flatMap((i) => (served(i.result) ? [i.result.provenance] : []));
  const fallbackFrom: ProviderAttempt[] = provenances.flatMap((p) => p.fallbackFrom ?? []);
  const times = provenances.map((p) => p.fetchedAt).sort();
  const expiries = provenances.flatMap((p) => (p.expiresAt ? [p.expiresAt] : [])).sort();
  const first = provenances[0];
  return liveResult(
    {
      network: params.network,
      ...outcome,
      sources: inputs.map(({ capability, input, result }) => ({
        capability,
        params: input,
        status: result.status,
        ...(served(result)
          ? { provider: result.provenance.source, fetchedAt: result.provenance.fetchedAt }
          : { reason: result.status === 'ERROR' ? result.message : result.reason }),
      })),
    },
    {
      source: [...new Set(provenances.map((p) => p.source))].join('+'),
      chain: params.network,
      ...(first?.chainId !== undefined ? { chainId: first.chainId } : {}),
      fetchedAt: times[0] ?? new Date().toISOString(),
      fresh: provenances.every((p) => p.fresh),
      requestId: randomUUID(),
      ...(fallbackFrom.length > 0 ? { fallbackFrom } : {}),
      ...(expiries[0] ? { expiresAt: expiries[0] } : {}),
    },
  );
}
