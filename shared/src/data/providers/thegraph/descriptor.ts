// The Graph gateway, the subgraph provider: a GraphQL query of a subgraph the caller names (none
// is assumed). One retry for transient failures: a 5xx, a time-out, a network error, and the
// gateway's `bad indexers: …` answer (every indexer it picked failed this time; another attempt
// may reach others).
import { LIMITS } from '../../limits.js';
import { RETRY_TRANSIENT_ONCE } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { THEGRAPH_BASE_URL, thegraphEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const thegraphDescriptor: ProviderDescriptor = {
  id: 'thegraph',
  name: PROVIDER_NAMES.thegraph,
  role: 'subgraph gateway',
  kind: 'subgraph',
  capabilities: { global: ['subgraph.query'] },
  verifiesChainId: false,
  retry: RETRY_TRANSIENT_ONCE,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [THEGRAPH_BASE_URL],
  configure: thegraphEndpoint,
  configuredUrls: (env) => (env.THEGRAPH_BASE_URL ? [env.THEGRAPH_BASE_URL] : []),
  load: async () => (await import('./index.js')).createThegraphProvider,
};
