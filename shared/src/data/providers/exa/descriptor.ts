// Exa, the second web provider: search, page contents, similar pages (the only provider of
// web.similar) and answers with citations. Tried once; a 402 or 5xx moves to the next provider of
// the capability's order (docs/data-layer.md, "Web").
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { EXA_BASE_URL, exaEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const exaDescriptor: ProviderDescriptor = {
  id: 'exa',
  name: PROVIDER_NAMES.exa,
  role: 'web provider (second)',
  kind: 'web',
  capabilities: { global: ['web.search', 'web.extract', 'web.similar', 'web.answer'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [EXA_BASE_URL],
  configure: exaEndpoint,
  configuredUrls: (env) => (env.EXA_BASE_URL ? [env.EXA_BASE_URL] : []),
  load: async () => (await import('./index.js')).createExaProvider,
};
