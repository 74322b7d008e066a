// JSON:API resources of GeckoTerminal into the market payloads (market/market-types.ts): a
// member GeckoTerminal did not send (missing, null, "") stays absent; prices stay the decimal
// strings sent; USD amounts, percents and counts become numbers. CoinGecko serves the same API
// under /onchain, and its pools go through these functions too.
import { compact } from '../../compact.js';
import type { MarketPool, MarketTokenRef, TxnCounts } from '../../market/market-types.js';
import { decimal, num, perWindow, str } from '../../market/market-values.js';
import { includedTokenSchema, type Included, type Pool, type txnCountsSchema } from './payloads.js';
import type { z } from 'zod';

/** The address part of a JSON:API id `{network}_{address}` (network ids may hold `_`, addresses never). */
export function addressOfId(id: string): string {
  return id.slice(id.lastIndexOf('_') + 1);
}

function txnCounts(value: unknown): TxnCounts | undefined {
  const counts = value as z.infer<typeof txnCountsSchema> | null | undefined;
  if (!counts || typeof counts.buys !== 'number' || typeof counts.sells !== 'number') return undefined;
  return compact({
    buys: counts.buys,
    sells: counts.sells,
    buyers: counts.buyers,
    sellers: counts.sellers,
  }) as TxnCounts;
}

/** A token of a relationship: from `included` when sent, else the address of its id. */
export function tokenRef(id: string | undefined, included: readonly Included[]): MarketTokenRef | undefined {
  if (!id) return undefined;
  const found = included.find((r) => r.id === id && r.type === 'token');
  const attributes = includedTokenSchema.safeParse(found?.attributes);
  if (!attributes.success) return { address: addressOfId(id) };
  const t = attributes.data;
  return compact({
    address: t.address,
    name: str(t.name),
    symbol: str(t.symbol),
    decimals: t.decimals,
  }) as MarketTokenRef;
}

/** A pool resource as a MarketPool, or undefined when it names no base or quote token. */
export function marketPool(
  pool: Pool,
  network: string,
  included: readonly Included[],
): MarketPool | undefined {
  const a = pool.attributes;
  const r = pool.relationships;
  const baseToken = tokenRef(r?.base_token?.data?.id, included);
  const quoteToken = tokenRef(r?.quote_token?.data?.id, included);
  if (!baseToken || !quoteToken) return undefined;
  return compact({
    network,
    address: str(a.address) ?? addressOfId(pool.id),
    dex: str(r?.dex?.data?.id),
    name: str(a.name),
    baseToken,
    quoteToken,
    priceUsd: decimal(a.base_token_price_usd),
    priceNative: decimal(a.base_token_price_quote_token),
    liquidityUsd: num(a.reserve_in_usd),
    fdvUsd: num(a.fdv_usd),
    marketCapUsd: num(a.market_cap_usd),
    volumeUsd: perWindow(a.volume_usd, num),
    priceChangePct: perWindow(a.price_change_percentage, num),
    txns: perWindow(a.transactions, txnCounts),
    createdAt: str(a.pool_created_at),
  }) as MarketPool;
}

export function marketPools(
  pools: readonly Pool[],
  network: string,
  included: readonly Included[],
): MarketPool[] {
  return pools.map((p) => marketPool(p, network, included)).filter((p): p is MarketPool => p !== undefined);
}
