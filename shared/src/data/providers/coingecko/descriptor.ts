// The market-data aggregator: ETH and token prices (keyless or with a demo key), DEX pools of
// any onchain network (key only), global market statistics and coin OHLC history.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { COINGECKO_BASE_URL, coingeckoEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const coingeckoDescriptor: ProviderDescriptor = {
  id: 'coingecko',
  name: PROVIDER_NAMES.coingecko,
  role: 'market-data aggregator',
  kind: 'market',
  capabilities: {
    robinhood: ['market.tokenPrice', 'market.pools'],
    anyNetwork: ['market.pools'],
    global: ['market.global', 'market.ohlc_history'],
  },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [COINGECKO_BASE_URL],
  configure: coingeckoEndpoint,
  configuredUrls: (env: DataEnv) => (env.COINGECKO_BASE_URL ? [env.COINGECKO_BASE_URL] : []),
  load: async () => (await import('./index.js')).createCoingeckoProvider,
};
