// The security-flag provider: token and address security on the chain; approval security is
// declared so that the router reports why it is unavailable here.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { GOPLUS_BASE_URL, goplusEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const goplusDescriptor: ProviderDescriptor = {
  id: 'goplus',
  name: PROVIDER_NAMES.goplus,
  role: 'security flags',
  kind: 'security',
  capabilities: { robinhood: ['security.token', 'security.address', 'security.approvals'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [GOPLUS_BASE_URL],
  configure: goplusEndpoint,
  configuredUrls: (env: DataEnv) => (env.GOPLUS_BASE_URL ? [env.GOPLUS_BASE_URL] : []),
  load: async () => (await import('./index.js')).createGoplusProvider,
};
