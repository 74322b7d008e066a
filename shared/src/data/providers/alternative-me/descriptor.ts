// alternative.me, the crypto fear-and-greed index, keyless. No rate limit is
// published for the index endpoint, so no client budget is
// set; the 10-minute cache (capabilities/alternative-me.ts) keeps requests rare.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { ALTERNATIVE_ME_BASE_URL, alternativeMeEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const alternativeMeDescriptor: ProviderDescriptor = {
  id: 'alternative-me',
  name: PROVIDER_NAMES['alternative-me'],
  role: 'fear-and-greed index',
  kind: 'source',
  capabilities: { global: ['sentiment.fearGreed'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [ALTERNATIVE_ME_BASE_URL],
  configure: alternativeMeEndpoint,
  configuredUrls: (env: DataEnv) => (env.ALTERNATIVE_ME_BASE_URL ? [env.ALTERNATIVE_ME_BASE_URL] : []),
  load: async () => (await import('./index.js')).createAlternativeMeProvider,
};
