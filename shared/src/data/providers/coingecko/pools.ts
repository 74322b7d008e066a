// `market.pools`: DEX pools of any onchain network, or of one token (/onchain/..., key only).
// CoinGecko's /onchain endpoints are GeckoTerminal's API: the same resources, one normalizer.
import { compact } from '../../compact.js';
import type { PoolList } from '../../market/market-types.js';
import { marketPools } from '../geckoterminal/normalize.js';
import { poolListSchema } from '../geckoterminal/payloads.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { CoingeckoGet } from './http.js';
import { noData } from './token-price.js';

/** Chain keys → CoinGecko onchain (GeckoTerminal) network ids; other ids pass through. */
const ONCHAIN_NETWORK: Readonly<Record<string, string>> = { robinhood: 'robinhood' };
const enc = encodeURIComponent;

export function pools(get: CoingeckoGet): CapabilityHandler {
  return async (params) => {
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
    const found = marketPools(body.data, network, body.included ?? []);
    if (found.length === 0)
      throw noData(
        token
          ? `CoinGecko lists no pools of ${token} on ${network}`
          : `CoinGecko lists no pools on ${network} (page ${page})`,
      );
    const list: PoolList = compact({ network, token, page, pools: found }) as PoolList;
    return { data: list };
  };
}
