// CoinGecko, the market-data aggregator: ETH price (/simple/price), token price by contract
// (/simple/token_price/{platform}, the platform of chain 4663 resolved from /asset_platforms),
// DEX pools of any onchain network (/onchain/..., key only), global statistics (/global) and
// coin OHLC history (/coins/{id}/ohlc). A token without a listing is no data, never estimated.
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type { PoolList, TokenPrice } from '../../market/market-types.js';
import type { ProviderContext, ProviderFactory } from '../provider-types.js';
import { createCoingeckoGet, type CoingeckoGet } from './http.js';
import {
  assetPlatformsSchema,
  globalSchema,
  ohlcSchema,
  pingSchema,
  priceMapSchema,
  type PriceEntry,
} from './payloads.js';
import { decimal } from '../../market/market-values.js';
import { poolListSchema } from '../geckoterminal/payloads.js';
import { marketPools } from '../geckoterminal/normalize.js';

/** The native coin of the supported chain (ETH) by its CoinGecko id. */
const NATIVE = { id: 'ethereum', symbol: 'ETH' } as const;
/** Chain keys → CoinGecko onchain (GeckoTerminal) network ids; other ids pass through. */
const ONCHAIN_NETWORK: Readonly<Record<string, string>> = { robinhood: 'robinhood' };
/** How long the asset platform of the chain (or its absence) is remembered. */
const PLATFORM_TTL_MS = 60 * 60 * 1000;
const PRICE_QUERY = {
  vs_currencies: 'usd',
  include_market_cap: 'true',
  include_24hr_vol: 'true',
  include_24hr_change: 'true',
  include_last_updated_at: 'true',
};

const isoOfSeconds = (s: number | null | undefined) =>
  typeof s === 'number' && s > 0 ? new Date(s * 1000).toISOString() : undefined;
const enc = encodeURIComponent;

function tokenPrice(
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
function platformResolver(get: CoingeckoGet, context: ProviderContext) {
  let known: { id: string | undefined; at: number } | undefined;
  let pending: Promise<string | undefined> | undefined;
  return async (): Promise<string> => {
    if (!known || Date.now() - known.at > PLATFORM_TTL_MS) {
      pending ??= get('/asset_platforms', assetPlatformsSchema)
        .then((list) => list.find((p) => p.chain_identifier === context.chainId)?.id)
        .finally(() => {
          pending = undefined;
        });
      known = { id: await pending, at: Date.now() };
    }
    if (!known.id)
      throw new NoDataError(`CoinGecko lists no asset platform for chain ${context.chainId}`, {
        provider: 'coingecko',
      });
    return known.id;
  };
}

export const createCoingeckoProvider: ProviderFactory = (endpoint, context) => {
  const get = createCoingeckoGet(endpoint, context);
  const platform = platformResolver(get, context);
  const noData = (message: string) => new NoDataError(message, { provider: 'coingecko' });

  return {
    handlers: {
      'market.tokenPrice': async (params) => {
        const network = String(params.network);
        const requested = String(params.address);
        if (requested === 'native') {
          const map = await get('/simple/price', priceMapSchema, {
            query: { ids: NATIVE.id, ...PRICE_QUERY },
          });
          const price = tokenPrice(network, 'native', map[NATIVE.id], NATIVE.symbol);
          if (!price) throw noData(`CoinGecko returned no USD price for ${NATIVE.id}`);
          return { data: price };
        }
        const id = await platform();
        const address = requested.toLowerCase();
        const map = await get(`/simple/token_price/${enc(id)}`, priceMapSchema, {
          query: { contract_addresses: address, ...PRICE_QUERY },
          notFound: 'no_data',
        });
        const found = Object.entries(map).find(([k]) => k.toLowerCase() === address);
        const price = found && tokenPrice(network, found[0], found[1]);
        if (!price) throw noData(`CoinGecko lists no price for ${address} on ${id}`);
        return { data: price };
      },
      'market.pools': async (params) => {
        const asked = String(params.network);
        const network = ONCHAIN_NETWORK[asked] ?? asked;
        const token = typeof params.token === 'string' ? params.token : undefined;
        const page = typeof params.page === 'number' ? params.page : 1;
        const path = token
          ? `/onchain/networks/${enc(network)}/tokens/${enc(token)}/pools`
          : `/onchain/networks/${enc(network)}/pools`;
        const body = await get(path, poolListSchema, {
          query: {
            sort: params.sort === 'transactions' ? 'h24_tx_count_desc' : 'h24_volume_usd_desc',
            page: String(page),
            include: 'base_token,quote_token,dex',
          },
          notFound: 'no_data',
        });
        // CoinGecko's /onchain endpoints are GeckoTerminal's API: the same resources, one normalizer.
        const pools = marketPools(body.data, network, body.included ?? []);
        if (pools.length === 0)
          throw noData(
            token
              ? `CoinGecko lists no pools of ${token} on ${network}`
              : `CoinGecko lists no pools on ${network} (page ${page})`,
          );
        const list: PoolList = compact({ network, token, page, pools }) as PoolList;
        return { data: list };
      },
      'market.global': async () => {
        const d = (await get('/global', globalSchema)).data;
        return {
          data: compact({
            activeCryptocurrencies: d.active_cryptocurrencies,
            markets: d.markets,
            totalMarketCapUsd: d.total_market_cap?.usd,
            totalVolumeUsd: d.total_volume?.usd,
            marketCapPercentage: d.market_cap_percentage,
            marketCapChange24hPct: d.market_cap_change_percentage_24h_usd,
            updatedAt: isoOfSeconds(d.updated_at),
          }),
        };
      },
      'market.ohlc_history': async (params) => {
        const coin = String(params.coin);
        const vsCurrency = String(params.vsCurrency);
        const days = String(params.days);
        const rows = await get(`/coins/${enc(coin)}/ohlc`, ohlcSchema, {
          query: { vs_currency: vsCurrency, days },
        });
        if (rows.length === 0) throw noData(`CoinGecko has no OHLC history of ${coin} in ${vsCurrency}`);
        const candles = [...rows]
          .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
          .map(([time = 0, open, high, low, close]) => ({
            closeTime: new Date(time).toISOString(),
            open,
            high,
            low,
            close,
          }));
        return { data: { coin, vsCurrency, days, candles } };
      },
    },
    health: async () => {
      const ping = await get('/ping', pingSchema);
      return { geckoSays: ping.gecko_says, plan: endpoint.secrets.length > 0 ? 'demo' : 'keyless' };
    },
  };
};
