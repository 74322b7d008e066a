// GeckoTerminal public API v2 (https://apiguide.geckoterminal.com/authentication): keyless,
// "no authentication needed", one universal rate limit. GECKOTERMINAL_BASE_URL replaces the
// base (a mirror or a local double). Paths follow the CoinGecko on-chain reference
// (https://docs.coingecko.com/reference/networks-list and the pages beside it) without the
// `/onchain` prefix the keyed CoinGecko hosts use.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const GECKOTERMINAL_BASE_URL = 'https://api.geckoterminal.com/api/v2';

export function geckoterminalEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.GECKOTERMINAL_BASE_URL ?? GECKOTERMINAL_BASE_URL).replace(/\/+$/, '');
  return { url: base, display: displayUrl(base), secrets: [] };
}

/**
 * GeckoTerminal's id of a market network: the supported chain is listed as `robinhood` in the
 * live `/networks` list (observed 2026-09-15); every other
 * id is GeckoTerminal's own and passes through unchanged.
 */
const NETWORK_IDS: Readonly<Record<string, string>> = { robinhood: 'robinhood' };

export function geckoterminalNetwork(network: unknown): string {
  const id = typeof network === 'string' && network !== '' ? network : 'robinhood';
  return NETWORK_IDS[id] ?? id;
}

/** The URL of `path` with its query; undefined query values are left out. */
export function geckoterminalUrl(
  base: string,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const url = new URL(`${base}${path}`);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}
