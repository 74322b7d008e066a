// Exa API (https://exa.ai/docs/reference/search): the key travels in the `x-api-key` header
// (exa-labs/exa-js `src/index.ts`), never in a URL or a body. EXA_BASE_URL replaces the default
// base (a mirror or a local double); the key is required.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const EXA_BASE_URL = 'https://api.exa.ai';

export function exaEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.EXA_API_KEY?.trim();
  if (!key) return { unconfigured: 'not configured (EXA_API_KEY)' };
  const base = (env.EXA_BASE_URL?.trim() || EXA_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/{search,contents,findSimilar,answer} (x-api-key: {key})`,
    secrets: [key],
  };
}
