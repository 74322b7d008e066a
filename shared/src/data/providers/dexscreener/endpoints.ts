// DexScreener public API (https://docs.dexscreener.com/api/reference): keyless, every endpoint a
// GET under https://api.dexscreener.com. DEXSCREENER_BASE_URL replaces the base (a mirror or a
// local double). Chains are named by slug, never by numeric id.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl, urlWithQuery } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const DEXSCREENER_BASE_URL = 'https://api.dexscreener.com';

/** Always configured: the API needs no key. */
export function dexscreenerEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.DEXSCREENER_BASE_URL ?? DEXSCREENER_BASE_URL).replace(/\/+$/, '');
  return { url: base, display: displayUrl(base), secrets: [] };
}

/**
 * The DexScreener chain slug of a market network. The supported chain's key maps to the slug
 * verified live (`robinhood`); any other
 * network id is a DexScreener slug already and passes through unchanged. Never another chain.
 */
const SLUG_OF_CHAIN: Readonly<Record<string, string>> = { robinhood: 'robinhood' };

export function dexscreenerChain(network: string): string {
  return SLUG_OF_CHAIN[network] ?? network;
}

/** The URL of `path` (segments already encoded) with its query. */
export function dexscreenerUrl(base: string, path: string, query: Record<string, string> = {}): string {
  return urlWithQuery(`${base}${path}`, query).toString();
}
