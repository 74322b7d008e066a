// alternative.me's Fear & Greed Index API (https://alternative.me/crypto/fear-and-greed-index/,
// section "API"): `GET {base}/fng/`, no key. ALTERNATIVE_ME_BASE_URL replaces the default base
// (a mirror or a local double); the path `/fng/` stays.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const ALTERNATIVE_ME_BASE_URL = 'https://api.alternative.me';

export function alternativeMeEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.ALTERNATIVE_ME_BASE_URL || ALTERNATIVE_ME_BASE_URL).replace(/\/+$/, '');
  return { url: base, display: `${displayUrl(base)}/fng/`, secrets: [] };
}

/** The index's URL with its query: `limit` readings, as JSON, with unix timestamps. */
export function fngUrl(base: string, limit: number): string {
  const url = new URL(`${base}/fng/`);
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('format', 'json');
  return url.toString();
}
