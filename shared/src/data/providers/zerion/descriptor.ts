// Zerion, the wallet-portfolio provider: a wallet's portfolio (totals over every chain Zerion
// tracks), its positions and transactions on the chain. Strict per-key rate limit: a 429 whose
// Retry-After is at most 5 s is retried once after waiting; otherwise RATE_LIMITED.
import { LIMITS } from '../../limits.js';
import { retryAfterOnce } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { ZERION_BASE_URL, zerionEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const zerionDescriptor: ProviderDescriptor = {
  id: 'zerion',
  name: PROVIDER_NAMES.zerion,
  role: 'wallet portfolio',
  kind: 'wallet',
  capabilities: { robinhood: ['wallet.portfolio', 'wallet.positions', 'wallet.transactions'] },
  verifiesChainId: false,
  retry: retryAfterOnce(5_000),
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [ZERION_BASE_URL],
  configure: zerionEndpoint,
  configuredUrls: (env) => (env.ZERION_BASE_URL ? [env.ZERION_BASE_URL] : []),
  load: async () => (await import('./index.js')).createZerionProvider,
};
