// GeckoTerminal, the pool provider: keyless, 10 calls a minute client-side (the public limit is
// 30 a minute, shared by IP and dynamic: https://apiguide.geckoterminal.com/faq), no retry.
// Light: the runtime (index.ts) is imported on first use.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { GECKOTERMINAL_BASE_URL, geckoterminalEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

const MARKET = [
  'market.token',
  'market.token_pairs',
  'market.pair',
  'market.tokenPrice',
  'market.ohlcv',
  'market.trades',
  'market.trending_pools',
  'market.new_pools',
  'market.pools',
  'market.dexes',
] as const;

export const geckoterminalDescriptor: ProviderDescriptor = {
  id: 'geckoterminal',
  name: PROVIDER_NAMES.geckoterminal,
  role: 'pool provider',
  kind: 'market',
  capabilities: { robinhood: MARKET, anyNetwork: MARKET, global: ['market.networks'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  throttlePerMinute: 10,
  defaultUrls: [GECKOTERMINAL_BASE_URL],
  configure: geckoterminalEndpoint,
  configuredUrls: (env: DataEnv) => (env.GECKOTERMINAL_BASE_URL ? [env.GECKOTERMINAL_BASE_URL] : []),
  load: async () => (await import('./index.js')).createGeckoterminalProvider,
};
