// Firecrawl API v2 (https://docs.firecrawl.dev/api-reference/v2-introduction): the key travels as
// `Authorization: Bearer fc-…`, never in a URL. Paths are the vendor's own `/v2/...`.
// FIRECRAWL_BASE_URL replaces the default base (a mirror, a self-hosted instance or a local
// double): the origin the `/v2` paths hang from, as the vendor's SDKs take it (a trailing `/v2`
// is dropped, so both spellings work). The key is required.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const FIRECRAWL_BASE_URL = 'https://api.firecrawl.dev';

export function firecrawlEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.FIRECRAWL_API_KEY?.trim();
  if (!key) return { unconfigured: 'not configured (FIRECRAWL_API_KEY)' };
  const base = (env.FIRECRAWL_BASE_URL?.trim() || FIRECRAWL_BASE_URL)
    .replace(/\/+$/, '')
    .replace(/\/v2$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/v2/{search,scrape,map} (Authorization: Bearer {key})`,
    secrets: [key],
  };
}
