// Polymarket's Gamma API, the prediction-market odds (docs/website.md, "Odds"): keyless. The
// documented limit of GET /events is 500 requests per 10 s
// (https://docs.polymarket.com/api-reference/rate-limits; Cloudflare delays rather than rejects
// beyond it): the client-side budget keeps every client of the process under it. No retry.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { POLYMARKET_BASE_URL, polymarketEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const polymarketDescriptor: ProviderDescriptor = {
  id: 'polymarket',
  name: PROVIDER_NAMES.polymarket,
  role: 'prediction-market odds',
  kind: 'source',
  capabilities: { global: ['odds.events'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  throttle: { requests: 500, windowMs: 10_000 },
  defaultUrls: [POLYMARKET_BASE_URL],
  configure: polymarketEndpoint,
  configuredUrls: (env: DataEnv) => (env.POLYMARKET_BASE_URL ? [env.POLYMARKET_BASE_URL] : []),
  load: async () => (await import('./index.js')).createPolymarketProvider,
};
