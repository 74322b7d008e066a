// Pools and tokens: pool lists (a token's pools, trending, new and top pools), one pool, and a
// token with its main pool. An empty `data` list is no listing.
import { compact } from '../../compact.js';
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { MarketPool, MarketToken, PoolList } from '../../market/market-types.js';
import type { ProviderAnswer } from '../provider-types.js';
import type { GeckoterminalGet, GeckoterminalQuery } from './http.js';
import { num, perWindow, str } from '../../market/market-values.js';
import { marketPool, marketPools } from './normalize.js';
import { poolDocumentSchema, poolListSchema, poolSchema, tokenDocumentSchema } from './payloads.js';

const PROVIDER = 'geckoterminal';
export const INCLUDE_POOL = 'base_token,quote_token,dex';

/** One page of pools at `path` (a token's pools, trending, new or top pools). */
export async function poolList(
  get: GeckoterminalGet,
  network: string,
  path: string,
  query: GeckoterminalQuery,
  extra: Omit<PoolList, 'pools' | 'network'> = {},
): Promise<ProviderAnswer> {
  const doc = await get(path, poolListSchema, { include: INCLUDE_POOL, ...query });
  const pools = marketPools(doc.data, network, doc.included ?? []);
  if (pools.length === 0)
    throw new NoDataError(`GeckoTerminal lists no pools at ${path}`, { provider: PROVIDER });
  const list: PoolList = { network, ...extra, pools };
  return { data: compact(list) };
}

/** market.pair: one pool with its base and quote tokens and its dex. */
export async function pool(get: GeckoterminalGet, network: string, address: string): Promise<ProviderAnswer> {
  const path = `/networks/${network}/pools/${address}`;
  const doc = await get(path, poolDocumentSchema, { include: INCLUDE_POOL });
  const resource = Array.isArray(doc.data) ? doc.data[0] : doc.data;
  if (!resource)
    throw new NoDataError(`GeckoTerminal lists no pool ${address} on ${network}`, { provider: PROVIDER });
  const data = marketPool(resource, network, doc.included ?? []);
  if (!data)
    throw new ProviderError('failure', `${path}: the pool names no base or quote token`, {
      provider: PROVIDER,
    });
  return { data };
}

/** market.token: the token's market data and its first top pool (from `included`). */
export async function token(
  get: GeckoterminalGet,
  network: string,
  address: string,
): Promise<ProviderAnswer> {
  const doc = await get(`/networks/${network}/tokens/${address}`, tokenDocumentSchema, {
    include: 'top_pools',
  });
  const a = doc.data.attributes;
  const included = doc.included ?? [];
  const firstId = doc.data.relationships?.top_pools?.data?.[0]?.id;
  const candidates = included.filter((r) => r.type === 'pool');
  const first = candidates.find((r) => r.id === firstId) ?? candidates[0];
  const parsed = first ? poolSchema.safeParse(first) : undefined;
  const mainPool: MarketPool | undefined = parsed?.success
    ? marketPool(parsed.data, network, included)
    : undefined;
  const data: MarketToken = compact({
    network,
    address: str(a.address) ?? address,
    name: str(a.name),
    symbol: str(a.symbol),
    decimals: a.decimals,
    totalSupply: str(a.total_supply),
    priceUsd: str(a.price_usd),
    fdvUsd: num(a.fdv_usd),
    marketCapUsd: num(a.market_cap_usd),
    liquidityUsd: num(a.total_reserve_in_usd),
    volumeUsd: perWindow(a.volume_usd, num),
    mainPool,
  }) as MarketToken;
  return { data };
}
