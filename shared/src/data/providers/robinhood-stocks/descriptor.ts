// The Robinhood stock-token issuer API: the stock-token list and the underlying bid/ask of one
// token, passed through as the issuer returns them (docs/data-layer.md, "Security and wallets").
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { ROBINHOOD_BASE_URL, robinhoodStocksEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const robinhoodStocksDescriptor: ProviderDescriptor = {
  id: 'robinhood-stocks',
  name: PROVIDER_NAMES['robinhood-stocks'],
  role: 'stock-token API',
  kind: 'stocks',
  capabilities: { robinhood: ['stocks.list', 'stocks.quote'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [ROBINHOOD_BASE_URL],
  configure: robinhoodStocksEndpoint,
  configuredUrls: (env) => (env.ROBINHOOD_BASE_URL ? [env.ROBINHOOD_BASE_URL] : []),
  load: async () => (await import('./index.js')).createRobinhoodStocksProvider,
};
