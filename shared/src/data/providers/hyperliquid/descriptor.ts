// Hyperliquid, the perpetuals and spot exchange behind `/perps` (docs/bots.md, "Commands") and
// the `/live` page's perpetual markets (docs/public-api.md, GET /v1/chain): its perpetual
// markets and spot pairs with their live context, keyless. Hyperliquid allows 1200 weight a
// minute per IP, and every request this provider sends weighs 20 or less (`metaAndAssetCtxs` and
// `spotMetaAndAssetCtxs` 20, `allMids` 2: https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/rate-limits-and-user-limits),
// so a client-side budget of 60 requests a minute can never exceed it.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { HYPERLIQUID_BASE_URL, hyperliquidEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const HYPERLIQUID_REQUESTS_PER_MINUTE = 60;

export const hyperliquidDescriptor: ProviderDescriptor = {
  id: 'hyperliquid',
  name: PROVIDER_NAMES.hyperliquid,
  role: 'perpetuals and spot exchange',
  kind: 'source',
  capabilities: { global: ['perps.markets', 'perps.spot'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  throttlePerMinute: HYPERLIQUID_REQUESTS_PER_MINUTE,
  defaultUrls: [HYPERLIQUID_BASE_URL],
  configure: hyperliquidEndpoint,
  configuredUrls: (env: DataEnv) => (env.HYPERLIQUID_BASE_URL ? [env.HYPERLIQUID_BASE_URL] : []),
  load: async () => (await import('./index.js')).createHyperliquidProvider,
};
