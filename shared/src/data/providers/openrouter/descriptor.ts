// OpenRouter, the primary AI provider: completions (tools, structured output, images, reasoning
// budget) and the model list with context length, pricing and features. The model list needs no
// key; completions do, so without OPENROUTER_API_KEY `ai.generate` is withheld. AI_RETRY: one
// retry for a 5xx, a time-out or a network error, and one for a 429 whose Retry-After is at most
// 5 s (the error table of docs/data-layer.md).
import { LIMITS } from '../../limits.js';
import { AI_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { OPENROUTER_BASE_URL, openrouterEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const openrouterDescriptor: ProviderDescriptor = {
  id: 'openrouter',
  name: PROVIDER_NAMES.openrouter,
  role: 'AI provider (primary)',
  kind: 'ai',
  capabilities: { global: ['ai.generate', 'ai.models'] },
  verifiesChainId: false,
  retry: AI_RETRY,
  // The model list and health; a completion passes its own time-out (60 s default, 120 s at most).
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [OPENROUTER_BASE_URL],
  configure: openrouterEndpoint,
  configuredUrls: (env) => (env.OPENROUTER_BASE_URL ? [env.OPENROUTER_BASE_URL] : []),
  load: async () => (await import('./index.js')).createOpenrouterProvider,
};
