// The DexScreener descriptor: the DEX pair provider (search, token, token pairs, the pairs of
// several tokens, pair), keyless,
// throttled client-side to the documented 300 requests a minute of its pair endpoints. Light: the
// runtime is imported on first use.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { DEXSCREENER_BASE_URL, dexscreenerEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

const CAPABILITIES = [
  'market.search',
  'market.token',
  'market.token_pairs',
  'market.pairs_of_tokens',
  'market.pair',
] as const;

export const dexscreenerDescriptor: ProviderDescriptor = {
  id: 'dexscreener',
  name: PROVIDER_NAMES.dexscreener,
  role: 'DEX pair provider',
  kind: 'market',
  capabilities: { robinhood: CAPABILITIES, anyNetwork: CAPABILITIES },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  throttlePerMinute: 300,
  defaultUrls: [DEXSCREENER_BASE_URL],
  configure: dexscreenerEndpoint,
  configuredUrls: (env: DataEnv) => (env.DEXSCREENER_BASE_URL ? [env.DEXSCREENER_BASE_URL] : []),
  load: async () => (await import('./index.js')).createDexscreenerProvider,
};
