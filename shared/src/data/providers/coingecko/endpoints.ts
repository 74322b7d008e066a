// CoinGecko API v3 (https://docs.coingecko.com/docs/keyless-public-api,
// https://docs.coingecko.com/v3.0.1/reference/authentication): one root for the keyless tier and
// the demo key, `https://api.coingecko.com/api/v3`; the demo key travels in the
// `x-cg-demo-api-key` header. Always configured (prices work keyless); the onchain DEX pool
// endpoints need the key on CoinGecko's hosts, so without it `market.pools` is withheld.
// COINGECKO_BASE_URL replaces the root (a mirror or a local double).
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const COINGECKO_BASE_URL = 'https://api.coingecko.com/api/v3';
export const COINGECKO_KEY_HEADER = 'x-cg-demo-api-key';
export const POOLS_NEED_KEY = 'CoinGecko serves DEX pools only with a key (set COINGECKO_API_KEY)';

export function coingeckoEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.COINGECKO_BASE_URL || COINGECKO_BASE_URL).replace(/\/+$/, '');
  const key = env.COINGECKO_API_KEY || undefined;
  return {
    url: base,
    display: key ? `${displayUrl(base)} (${COINGECKO_KEY_HEADER}: {key})` : displayUrl(base),
    secrets: key ? [key] : [],
    withheld: key ? undefined : { 'market.pools': POOLS_NEED_KEY },
  };
}
