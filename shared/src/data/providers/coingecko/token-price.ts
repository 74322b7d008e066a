// `market.tokenPrice`: ETH's price (/simple/price) or a token's by contract
// (/simple/token_price/{platform}, the platform of the chain resolved from /asset_platforms and
// remembered). A token without a listing is no data, never estimated.
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type { TokenPrice } from '../../market/market-types.js';
import { decimal } from '../../market/market-values.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { CoingeckoGet } from './http.js';
import { assetPlatformsSchema, priceMapSchema, type PriceEntry } from './payloads.js';

/** The native coin of the supported chain (ETH) by its CoinGecko id. */
const NATIVE = { id: 'ethereum', symbol: 'ETH' } as const;
/** How long the asset platform of the chain (or its absence) is remembered. */
const PLATFORM_TTL_MS = 60 * 60 * 1000;
const PRICE_QUERY = {
  vs_currencies: 'usd',
  include_market_cap: 'true',
  include_24hr_vol: 'true',
  include_24hr_change: 'true',
  include_last_updated_at: 'true',
};

export const isoOfSeconds = (s: number | null | undefined) =>
  typeof s === 'number' && s > 0 ? new Date(s * 1000).toISOString() : undefined;
export const noData = (message: string) => new NoDataError(message, { provider: 'coingecko' });

function tokenPriceOf(
  network: string,
  address: string,
  entry: PriceEntry | undefined,
  symbol?: string,
): TokenPrice | undefined {
  const priceUsd = decimal(entry?.usd);
  if (!entry || priceUsd === undefined) return undefined;
  return compact({
    network,
    address,
    symbol,
    priceUsd,
    marketCapUsd: entry.usd_market_cap,
    volume24hUsd: entry.usd_24h_vol,
    priceChange24hPct: entry.usd_24h_change,
    updatedAt: isoOfSeconds(entry.last_updated_at),
  }) as TokenPrice;
}

/** The asset platform id of the chain, from /asset_platforms by `chain_identifier`, remembered. */
function platformResolver(get: CoingeckoGet, chainId: number) {
  let known: { id: string | undefined; at: number } | undefined;
  let pending: Promise<string | undefined> | undefined;
  return async (): Promise<string> => {
    if (!known || Date.now() - known.at > PLATFORM_TTL_MS) {
      pending ??= get('/asset_platforms', assetPlatformsSchema)
        .then((list) => list.find((p) => p.chain_identifier === chainId)?.id)
        .finally(() => {
          pending = undefined;
        });
      known = { id: await pending, at: Date.now() };
    }
    if (!known.id) throw noData(`CoinGecko lists no asset platform for chain ${chainId}`);
    return known.id;
  };
}

export function tokenPrice(get: CoingeckoGet, chainId: number): CapabilityHandler {
  const platform = platformResolver(get, chainId);
  return async (params) => {
    const network = String(params.network);
    const requested = String(params.address);
    if (requested === 'native') {
      const map = await get('/simple/price', priceMapSchema, { query: { ids: NATIVE.id, ...PRICE_QUERY } });
      const price = tokenPriceOf(network, 'native', map[NATIVE.id], NATIVE.symbol);
      if (!price) throw noData(`CoinGecko returned no USD price for ${NATIVE.id}`);
      return { data: price };
    }
    const id = await platform();
    const address = requested.toLowerCase();
    const map = await get(`/simple/token_price/${encodeURIComponent(id)}`, priceMapSchema, {
      query: { contract_addresses: address, ...PRICE_QUERY },
      notFound: 'no_data',
    });
    const found = Object.entries(map).find(([k]) => k.toLowerCase() === address);
    const price = found && tokenPriceOf(network, found[0], found[1]);
    if (!price) throw noData(`CoinGecko lists no price for ${address} on ${id}`);
    return { data: price };
  };
}
