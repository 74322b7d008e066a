// FRED (Federal Reserve Economic Data, St. Louis Fed), the US macro series source: a series'
// metadata and latest observations (docs/data-layer.md, "Other data sources";
// the vendor's documentation). Keyed (FRED_API_KEY, FRED's `api_key` query parameter).
// Tried once: a 429 is RATE_LIMITED.
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { FRED_BASE_URL, fredEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const fredDescriptor: ProviderDescriptor = {
  id: 'fred',
  name: PROVIDER_NAMES.fred,
  role: 'US macro series',
  kind: 'source',
  capabilities: { global: ['macro.series'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [FRED_BASE_URL],
  configure: fredEndpoint,
  configuredUrls: (env) => (env.FRED_BASE_URL ? [env.FRED_BASE_URL] : []),
  load: async () => (await import('./index.js')).createFredProvider,
};
