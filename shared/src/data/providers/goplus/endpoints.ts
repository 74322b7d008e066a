// GoPlus Security API (https://docs.gopluslabs.io/reference/api-overview), base
// `https://api.gopluslabs.io`. Anonymous by default; with GOPLUS_APP_KEY and GOPLUS_APP_SECRET
// (both, or neither) requests carry an access token from POST /api/v1/token. GOPLUS_BASE_URL
// replaces the base (a mirror or a local double).
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const GOPLUS_BASE_URL = 'https://api.gopluslabs.io';

export interface GoplusCredentials {
  appKey: string;
  appSecret: string;
}

export function goplusEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const appKey = env.GOPLUS_APP_KEY || undefined;
  const appSecret = env.GOPLUS_APP_SECRET || undefined;
  if (!appKey !== !appSecret)
    return { unconfigured: 'GOPLUS_APP_KEY and GOPLUS_APP_SECRET must be set together' };
  const base = (env.GOPLUS_BASE_URL || GOPLUS_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: appKey ? `${displayUrl(base)} (access token for app key {key})` : displayUrl(base),
    secrets: appKey && appSecret ? [appKey, appSecret] : [],
  };
}

/** The app key and secret of a configured endpoint (secrets[0], secrets[1]), or anonymous. */
export function goplusCredentials(endpoint: ProviderEndpoint): GoplusCredentials | undefined {
  const [appKey, appSecret] = endpoint.secrets;
  return appKey && appSecret ? { appKey, appSecret } : undefined;
}
