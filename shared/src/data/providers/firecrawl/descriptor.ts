// Firecrawl, the third web provider: search, page text (one scrape per URL) and site maps (first
// for web.map). Tried once; a 402 or 5xx moves to the next provider of the capability's order
// (docs/data-layer.md, "Web").
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { FIRECRAWL_BASE_URL, firecrawlEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const firecrawlDescriptor: ProviderDescriptor = {
  id: 'firecrawl',
  name: PROVIDER_NAMES.firecrawl,
  role: 'web provider (third)',
  kind: 'web',
  capabilities: { global: ['web.search', 'web.extract', 'web.map'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [FIRECRAWL_BASE_URL],
  configure: firecrawlEndpoint,
  configuredUrls: (env) => (env.FIRECRAWL_BASE_URL ? [env.FIRECRAWL_BASE_URL] : []),
  load: async () => (await import('./index.js')).createFirecrawlProvider,
};
