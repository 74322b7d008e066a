// Finnhub, the US equities source: quote, company profile, company news and the earnings
// calendar (docs/data-layer.md, "Other data sources"). Keyed
// (FINNHUB_API_KEY, sent as the X-Finnhub-Token header). Tried once: a 429 is RATE_LIMITED.
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { FINNHUB_BASE_URL, finnhubEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const finnhubDescriptor: ProviderDescriptor = {
  id: 'finnhub',
  name: PROVIDER_NAMES.finnhub,
  role: 'US equities: quote, profile, news, earnings calendar',
  kind: 'source',
  capabilities: { global: ['equities.quote', 'equities.profile', 'equities.news', 'equities.earnings'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [FINNHUB_BASE_URL],
  configure: finnhubEndpoint,
  configuredUrls: (env) => (env.FINNHUB_BASE_URL ? [env.FINNHUB_BASE_URL] : []),
  load: async () => (await import('./index.js')).createFinnhubProvider,
};
