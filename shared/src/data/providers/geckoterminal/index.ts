// GeckoTerminal, the pool provider (keyless): networks, dexes, tokens, pools, token prices,
// OHLCV, trades, trending, new and top pools of any GeckoTerminal network. The client-side
// budget of 10 calls a minute is the descriptor's; 429 is RATE_LIMITED; 404 and empty lists
// are no listing (UNAVAILABLE when no other provider has data).
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type { ProviderFactory } from '../provider-types.js';
import { geckoterminalNetwork } from './endpoints.js';
import { createGeckoterminalGet, type GeckoterminalGet } from './http.js';
import { poolList, pool, token } from './market-pools.js';
import { ohlcv, tokenPrice, trades } from './market-prices.js';
import { str } from '../../market/market-values.js';
import { namedListSchema } from './payloads.js';

type Params = Record<string, unknown>;
const SORT = { volume: 'h24_volume_usd_desc', transactions: 'h24_tx_count_desc' } as const;
const pageOf = (params: Params) => (typeof params.page === 'number' ? params.page : undefined);

/** A list of named resources (networks, dexes); an empty list is no listing. */
async function named(get: GeckoterminalGet, path: string, page: number | undefined) {
  const doc = await get(path, namedListSchema, { page });
  if (doc.data.length === 0)
    throw new NoDataError(`GeckoTerminal lists nothing at ${path}${page ? ` (page ${page})` : ''}`, {
      provider: 'geckoterminal',
    });
  return doc.data;
}

export const createGeckoterminalProvider: ProviderFactory = (endpoint, context) => {
  const get = createGeckoterminalGet(endpoint, context);
  const net = (params: Params) => geckoterminalNetwork(params.network);
  const address = (params: Params) => String(params.address);
  const tokenOf = (params: Params) => (typeof params.token === 'string' ? params.token : undefined);
  return {
    handlers: {
      'market.token': (params) => token(get, net(params), address(params)),
      'market.token_pairs': (params) =>
        poolList(
          get,
          net(params),
          `/networks/${net(params)}/tokens/${address(params)}/pools`,
          {},
          { token: address(params) },
        ),
      'market.pair': (params) => pool(get, net(params), address(params)),
      'market.tokenPrice': (params) => tokenPrice(get, net(params), address(params)),
      'market.ohlcv': (params) => ohlcv(get, net(params), params),
      'market.trades': (params) => trades(get, net(params), params),
      'market.trending_pools': (params) =>
        poolList(
          get,
          net(params),
          `/networks/${net(params)}/trending_pools`,
          {
            page: pageOf(params),
            duration: typeof params.duration === 'string' ? params.duration : undefined,
          },
          { page: pageOf(params) ?? 1 },
        ),
      'market.new_pools': (params) =>
        poolList(
          get,
          net(params),
          `/networks/${net(params)}/new_pools`,
          { page: pageOf(params) },
          { page: pageOf(params) ?? 1 },
        ),
      'market.pools': (params) => {
        const n = net(params);
        const t = tokenOf(params);
        const sort = SORT[params.sort === 'transactions' ? 'transactions' : 'volume'];
        const path = t ? `/networks/${n}/tokens/${t}/pools` : `/networks/${n}/pools`;
        return poolList(
          get,
          n,
          path,
          { sort, page: pageOf(params) },
          { ...(t ? { token: t } : {}), page: pageOf(params) ?? 1 },
        );
      },
      'market.dexes': async (params) => {
        const n = net(params);
        const dexes = await named(get, `/networks/${n}/dexes`, pageOf(params));
        const list = dexes.map((d) => compact({ id: d.id, name: str(d.attributes?.name) }));
        return { data: compact({ network: n, page: pageOf(params), dexes: list }) };
      },
      'market.networks': async (params) => {
        const page = pageOf(params) ?? 1;
        const networks = (await named(get, '/networks', page)).map((n) =>
          compact({
            id: n.id,
            name: str(n.attributes?.name),
            coingeckoAssetPlatformId: str(n.attributes?.coingecko_asset_platform_id),
          }),
        );
        return { data: { page, networks } };
      },
    },
    /** One request: the first page of the network list (the supported chain may sit on a later page). */
    health: async () => {
      const networks = await named(get, '/networks', 1);
      const robinhood = geckoterminalNetwork('robinhood');
      return { networksOnPage1: networks.length, robinhoodOnPage1: networks.some((n) => n.id === robinhood) };
    },
  };
};
