// One pool as the pool provider lists it (docs/public-api.md, GET /v1/pool/:network/:address):
// the data behind the website's pool card. The members the provider returned, nothing invented;
// an unknown pool or a failing provider is the section's reason. No HTTP here.
import type { PoolCard, V1PoolCard } from '@pkg/shared';
import type { MarketPool } from '@pkg/shared/data';
import { v1Pool } from './screener.js';
import { sourceSection } from './source-section.js';
import type { WebsiteDeps } from './website-deps.js';

const card = (value: unknown): PoolCard => {
  const p = value as MarketPool;
  const day = p.txns?.h24;
  return { ...v1Pool(p), ...(day ? { txns24h: { buys: day.buys, sells: day.sells } } : {}) };
};

export async function poolCard(
  deps: WebsiteDeps,
  params: { network: string; address: string },
): Promise<V1PoolCard> {
  const result = await deps.data.market.pair({ network: params.network, address: params.address });
  return { network: params.network, address: params.address, pool: sourceSection(result, card) };
}
