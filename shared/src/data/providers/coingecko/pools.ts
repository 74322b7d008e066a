// GeckoTerminal's JSON:API pool resource (served by CoinGecko under /onchain) → MarketPool:
// tokens and dex resolved from `included` by relationship id, prices kept as the decimal strings
// sent, USD amounts, percentages and counts as numbers, windows the vendor left out absent.
import { compact } from '../../compact.js';
import {
  MARKET_WINDOWS,
  type MarketPool,
  type MarketTokenRef,
  type MarketWindow,
  type TxnCounts,
} from '../../market/market-types.js';
import type { IncludedResource, PoolListBody, PoolResource } from './payloads.js';

/** A finite number from a vendor number or decimal string; "", null and junk are undefined. */
export function finiteNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A decimal string as sent; a number is written out without an exponent. */
export function decimalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const text = String(value);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign = '', int = '', frac = '', expText = '0'] = m;
  const exp = Number(expText);
  const digits = int + frac;
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const point = 1 + exp;
  return digits.length <= point
    ? `${sign}${digits}${'0'.repeat(point - digits.length)}`
    : `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function perWindow(map: Record<string, unknown> | null | undefined) {
  if (!map) return undefined;
  const out: Partial<Record<MarketWindow, number>> = {};
  for (const w of MARKET_WINDOWS) {
    const n = finiteNumber(map[w]);
    if (n !== undefined) out[w] = n;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function txns(map: NonNullable<PoolResource['attributes']['transactions']> | undefined) {
  if (!map) return undefined;
  const out: Partial<Record<MarketWindow, TxnCounts>> = {};
  for (const w of MARKET_WINDOWS) {
    const t = map[w];
    if (typeof t?.buys !== 'number' || typeof t.sells !== 'number') continue;
    out[w] = compact({ buys: t.buys, sells: t.sells, buyers: t.buyers, sellers: t.sellers }) as TxnCounts;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `robinhood_0x2222…` → `0x2222…` when the resource itself was not included. */
function addressOfId(id: string, network: string): string {
  if (id.startsWith(`${network}_`)) return id.slice(network.length + 1);
  const cut = id.indexOf('_');
  return cut >= 0 ? id.slice(cut + 1) : id;
}

function tokenRef(
  id: string | undefined,
  network: string,
  included: Map<string, IncludedResource>,
): MarketTokenRef | undefined {
  if (!id) return undefined;
  const a = included.get(`token:${id}`)?.attributes;
  const name = a?.name || undefined;
  const symbol = a?.symbol || undefined;
  return compact({
    address: a?.address || addressOfId(id, network),
    name,
    symbol,
    decimals: a?.decimals,
  }) as MarketTokenRef;
}

export function normalizePool(
  pool: PoolResource,
  network: string,
  included: Map<string, IncludedResource>,
): MarketPool | undefined {
  const a = pool.attributes;
  const rel = pool.relationships;
  const baseToken = tokenRef(rel?.base_token?.data?.id, network, included);
  const quoteToken = tokenRef(rel?.quote_token?.data?.id, network, included);
  if (!baseToken || !quoteToken) return undefined;
  return compact({
    network,
    address: a.address,
    dex: rel?.dex?.data?.id,
    name: a.name || undefined,
    baseToken,
    quoteToken,
    priceUsd: decimalString(a.base_token_price_usd),
    priceNative: decimalString(a.base_token_price_quote_token),
    liquidityUsd: finiteNumber(a.reserve_in_usd),
    fdvUsd: finiteNumber(a.fdv_usd),
    marketCapUsd: finiteNumber(a.market_cap_usd),
    volumeUsd: perWindow(a.volume_usd),
    priceChangePct: perWindow(a.price_change_percentage),
    txns: txns(a.transactions ?? undefined),
    createdAt: a.pool_created_at || undefined,
  }) as MarketPool;
}

export function normalizePools(body: PoolListBody, network: string): MarketPool[] {
  const included = new Map((body.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
  return body.data
    .map((pool) => normalizePool(pool, network, included))
    .filter((p): p is MarketPool => p !== undefined);
}
