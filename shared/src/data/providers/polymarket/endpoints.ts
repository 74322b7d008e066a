// Polymarket's Gamma API (https://docs.polymarket.com/market-data/overview): public, keyless,
// at https://gamma-api.polymarket.com. POLYMARKET_BASE_URL replaces the base (a mirror or a local
// double).
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const POLYMARKET_BASE_URL = 'https://gamma-api.polymarket.com';

export function polymarketEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.POLYMARKET_BASE_URL ?? POLYMARKET_BASE_URL).replace(/\/+$/, '');
  return { url: base, display: `${displayUrl(base)}/events`, secrets: [] };
}
