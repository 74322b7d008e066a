// Finnhub REST API (https://finnhub.io/docs/api/authentication): every GET carries the key either
// as the `token` query parameter or as the `X-Finnhub-Token` header. The header is used, so the
// key never travels in a URL (nor in any log or error that quotes one). FINNHUB_BASE_URL replaces
// the default base (a mirror or a local double); the key is required.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const FINNHUB_BASE_URL = 'https://finnhub.io/api/v1';

export function finnhubEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.FINNHUB_API_KEY?.trim();
  if (!key) return { unconfigured: 'not configured (FINNHUB_API_KEY)' };
  const base = (env.FINNHUB_BASE_URL?.trim() || FINNHUB_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/{quote,stock/profile2,company-news,calendar/earnings} (X-Finnhub-Token: {key})`,
    secrets: [key],
  };
}
