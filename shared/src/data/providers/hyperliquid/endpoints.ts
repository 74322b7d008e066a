// Hyperliquid's info API (https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/info-endpoint):
// `POST {base}/info` with a JSON body naming the request `type`, no key. HYPERLIQUID_BASE_URL
// replaces the default base (a mirror or a local double); the path `/info` stays.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const HYPERLIQUID_BASE_URL = 'https://api.hyperliquid.xyz';

export function hyperliquidEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.HYPERLIQUID_BASE_URL || HYPERLIQUID_BASE_URL).replace(/\/+$/, '');
  return { url: base, display: `${displayUrl(base)}/info (POST)`, secrets: [] };
}

/** The info endpoint of a base URL. */
export const infoUrl = (base: string) => `${base}/info`;
