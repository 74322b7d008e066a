// Chainlink: the feed catalog of the chain (`feeds.list`, declared under the chain). Keyless, no
// documented limit, no retry. The feeds themselves are read on chain through the RPC providers
// (sources/chainlink-latest.ts), never through this provider.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { CHAINLINK_FEEDS_URL, chainlinkEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const chainlinkDescriptor: ProviderDescriptor = {
  id: 'chainlink',
  name: PROVIDER_NAMES.chainlink,
  role: 'price-feed catalog',
  kind: 'source',
  capabilities: { robinhood: ['feeds.list'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [CHAINLINK_FEEDS_URL],
  configure: chainlinkEndpoint,
  configuredUrls: (env: DataEnv) => (env.CHAINLINK_FEEDS_URL ? [env.CHAINLINK_FEEDS_URL] : []),
  load: async () => (await import('./index.js')).createChainlinkProvider,
};
