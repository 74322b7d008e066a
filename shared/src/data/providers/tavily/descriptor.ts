// Tavily, the first web provider: search, extract, map and answers with their sources. Tried once
// (a 429 or a plan limit is RATE_LIMITED; a 402 or 5xx moves to the next provider, per the web
// routing table of docs/data-layer.md and each capability's `order`).
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { TAVILY_BASE_URL, tavilyEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const tavilyDescriptor: ProviderDescriptor = {
  id: 'tavily',
  name: PROVIDER_NAMES.tavily,
  role: 'web provider (first)',
  kind: 'web',
  capabilities: { global: ['web.search', 'web.extract', 'web.map', 'web.answer'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [TAVILY_BASE_URL],
  configure: tavilyEndpoint,
  configuredUrls: (env) => (env.TAVILY_BASE_URL ? [env.TAVILY_BASE_URL] : []),
  load: async () => (await import('./index.js')).createTavilyProvider,
};
