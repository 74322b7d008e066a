// Tavily API (https://docs.tavily.com/documentation/api-reference/introduction): every request
// carries the key as `Authorization: Bearer tvly-…` (tavily-ai/tavily-python `tavily/tavily.py`;
// the older `api_key` body member is not used, so the key never travels in a body or a URL).
// TAVILY_BASE_URL replaces the default base (a mirror or a local double); the key is required.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const TAVILY_BASE_URL = 'https://api.tavily.com';

export function tavilyEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.TAVILY_API_KEY?.trim();
  if (!key) return { unconfigured: 'not configured (TAVILY_API_KEY)' };
  const base = (env.TAVILY_BASE_URL?.trim() || TAVILY_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/{search,extract,map} (Authorization: Bearer {key})`,
    secrets: [key],
  };
}
