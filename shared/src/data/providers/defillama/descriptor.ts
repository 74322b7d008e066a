// DefiLlama, a keyless source of the chain overview (docs/public-api.md, GET /v1/chain): the
// chain's TVL, the protocols with TVL on it, its DEX volume, fees and revenue, stablecoin supply
// and yield pools. Robinhood Chain is found in GET /v2/chains at run time (by chain id 4663, else
// by the name DefiLlama is known to use for it); a chain DefiLlama does not list is UNAVAILABLE.
// No request budget: DefiLlama publishes no free-tier limit (about 300 requests in 5 minutes per
// IP is reported by third parties, unconfirmed).
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';
import {
  DEFILLAMA_BASE_URL,
  DEFILLAMA_STABLECOINS_BASE_URL,
  DEFILLAMA_YIELDS_BASE_URL,
  defillamaConfiguredUrls,
  defillamaEndpoint,
} from './endpoints.js';

export const DEFILLAMA_CAPABILITIES = [
  'defi.chainTvl',
  'defi.protocols',
  'defi.dexVolume',
  'defi.fees',
  'defi.stablecoins',
  'defi.yields',
] as const;

export const defillamaDescriptor: ProviderDescriptor = {
  id: 'defillama',
  name: PROVIDER_NAMES.defillama,
  role: 'DeFi TVL, volumes, fees, stablecoins and yields',
  kind: 'source',
  capabilities: { robinhood: DEFILLAMA_CAPABILITIES },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [DEFILLAMA_BASE_URL, DEFILLAMA_STABLECOINS_BASE_URL, DEFILLAMA_YIELDS_BASE_URL],
  configure: defillamaEndpoint,
  configuredUrls: defillamaConfiguredUrls,
  load: async () => (await import('./index.js')).createDefillamaProvider,
};
