// CoinGecko, the market-data aggregator: ETH price (/simple/price), token price by contract
// (/simple/token_price/{platform}, the platform of chain 4663 resolved from /asset_platforms),
// DEX pools of any onchain network (/onchain/..., key only), global statistics (/global) and
// coin OHLC history (/coins/{id}/ohlc), one file per endpoint group. A token without a listing
// is no data, never estimated.
import type { ProviderFactory } from '../provider-types.js';
import { createCoingeckoGet } from './http.js';
import { marketStats } from './market-stats.js';
import { pingSchema } from './payloads.js';
import { pools } from './pools.js';
import { tokenPrice } from './token-price.js';

export const createCoingeckoProvider: ProviderFactory = (endpoint, context) => {
  const get = createCoingeckoGet(endpoint, context);
  return {
    handlers: {
      'market.tokenPrice': tokenPrice(get, context.chainId),
      'market.pools': pools(get),
      ...marketStats(get),
    },
    health: async () => {
      const ping = await get('/ping', pingSchema);
      return { geckoSays: ping.gecko_says, plan: endpoint.secrets.length > 0 ? 'demo' : 'keyless' };
    },
  };
};
