// Codex, the ranking provider for all tokens on the chain: `filterTokens` on the
// chain's network id (4663), with a key (CODEX_API_KEY). Codex's limits depend on the plan
// (https://docs.codex.io/extra/faq); a 429 is reported as RATE_LIMITED.
import type { DataEnv } from '../../config/env-vars.js';
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { CODEX_BASE_URL, codexEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const codexDescriptor: ProviderDescriptor = {
  id: 'codex',
  name: PROVIDER_NAMES.codex,
  role: 'token rankings',
  kind: 'source',
  capabilities: { robinhood: ['rankings.tokens'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [CODEX_BASE_URL],
  configure: codexEndpoint,
  configuredUrls: (env: DataEnv) => (env.CODEX_BASE_URL ? [env.CODEX_BASE_URL] : []),
  load: async () => (await import('./index.js')).createCodexProvider,
};
