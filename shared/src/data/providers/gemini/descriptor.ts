// Google Gemini (the Gemini API), the secondary AI provider: completions with a system
// instruction, function declarations, structured output, images as `data:` URLs only and a
// thinking budget, and the model list. Used only when requested, or as the configured fallback
// (ai/generate.ts). AI_RETRY: one retry for a 5xx, a time-out or a network error, and one for a
// 429 whose retry delay is at most 5 s.
import { LIMITS } from '../../limits.js';
import { AI_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { GEMINI_BASE_URL, geminiEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const geminiDescriptor: ProviderDescriptor = {
  id: 'gemini',
  name: PROVIDER_NAMES.gemini,
  role: 'AI provider (secondary)',
  kind: 'ai',
  capabilities: { global: ['ai.generate', 'ai.models'] },
  verifiesChainId: false,
  retry: AI_RETRY,
  // The model list and health; a completion passes its own time-out (60 s default, 120 s at most).
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [GEMINI_BASE_URL],
  configure: geminiEndpoint,
  configuredUrls: (env) => (env.GEMINI_BASE_URL ? [env.GEMINI_BASE_URL] : []),
  load: async () => (await import('./index.js')).createGeminiProvider,
};
