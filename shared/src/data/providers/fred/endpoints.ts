// FRED API (https://fred.stlouisfed.org/docs/api/api_key.html): the key is the `api_key` query
// parameter of every request, the only place FRED takes it. It is therefore inside request URLs:
// the endpoint is shown as a template with `{key}`, and every message passes through the
// redactor (FRED_API_KEY is a secret of the environment) and the URL scrubber of BaseError.
// FRED_BASE_URL replaces the default base (a mirror or a local double); the paths keep their
// `/fred/...` prefix, and a base given with that prefix (as some clients write it) is accepted.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const FRED_BASE_URL = 'https://api.stlouisfed.org';

export function fredEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.FRED_API_KEY?.trim();
  if (!key) return { unconfigured: 'not configured (FRED_API_KEY)' };
  const base = (env.FRED_BASE_URL?.trim() || FRED_BASE_URL).replace(/\/+$/, '').replace(/\/fred$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/fred/series{,/observations}?series_id=…&api_key={key}&file_type=json`,
    secrets: [key],
  };
}
