// The stock-token issuer's read-only REST API (https://docs.robinhood.com/chain/stock-token-apis/):
// keyless, under `https://api.robinhood.com/rhj/`. ROBINHOOD_BASE_URL replaces the origin (a
// mirror or a local double); paths keep `/rhj/...`.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const ROBINHOOD_BASE_URL = 'https://api.robinhood.com';

export function robinhoodStocksEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.ROBINHOOD_BASE_URL ?? ROBINHOOD_BASE_URL).replace(/\/+$/, '');
  return { url: base, display: `${displayUrl(base)}/rhj/...`, secrets: [] };
}
