// OpenRouter API (https://openrouter.ai/docs/api-reference/authentication): the key travels as
// `Authorization: Bearer <key>`, never in a URL. `GET /models` answers without a key
//, so the provider is configured without one and only
// `ai.generate` is withheld. OPENROUTER_BASE_URL replaces the default base (a mirror or a local
// double).
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const OPENROUTER_BASE_URL = 'https://openrouter.ai/api/v1';

export function openrouterEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.OPENROUTER_BASE_URL?.trim() || OPENROUTER_BASE_URL).replace(/\/+$/, '');
  const key = env.OPENROUTER_API_KEY?.trim();
  if (!key)
    return {
      url: base,
      display: `${displayUrl(base)}/models (no key: the model list only)`,
      secrets: [],
      withheld: { 'ai.generate': 'needs OPENROUTER_API_KEY' },
    };
  return {
    url: base,
    display: `${displayUrl(base)}/chat/completions (Authorization: Bearer {key})`,
    secrets: [key],
  };
}
