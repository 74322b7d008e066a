// Blockscout PRO API for chain 4663 (https://docs.blockscout.com/robinhood-api): REST v2 under
// `/4663/api/v2`, key as the `apikey` query parameter (required on every tier). A
// BLOCKSCOUT_BASE_URL override (a self-hosted instance or a double) may work without a key.
import type { DataEnv } from '../../config/env-vars.js';
import type { ProviderEndpoint } from '../provider-types.js';
import { displayUrl, urlWithQuery } from '../endpoint-url.js';

export const BLOCKSCOUT_BASE_URL = 'https://api.blockscout.com/4663';

export function blockscoutEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  if (!env.BLOCKSCOUT_API_KEY && !env.BLOCKSCOUT_BASE_URL)
    return { unconfigured: 'not configured (BLOCKSCOUT_API_KEY)' };
  const base = (env.BLOCKSCOUT_BASE_URL ?? BLOCKSCOUT_BASE_URL).replace(/\/+$/, '');
  const key = env.BLOCKSCOUT_API_KEY;
  return {
    url: base,
    display: `${displayUrl(base)}/api/v2/...${key ? '?apikey={key}' : ''}`,
    secrets: key ? [key] : [],
  };
}

/** The REST v2 URL of `path` with its query (and the key, when one is set). */
export function blockscoutUrl(
  base: string,
  path: string,
  query: Record<string, string>,
  key?: string,
): string {
  const url = urlWithQuery(`${base}/api/v2${path}`, query);
  if (key) url.searchParams.set('apikey', key);
  return url.toString();
}
