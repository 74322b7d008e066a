// Zerion REST API (https://developers.zerion.io/reference/authentication): HTTP Basic auth with
// the API key as user name and an empty password, `Authorization: Basic base64("<key>:")`.
// ZERION_BASE_URL replaces the default base (a mirror or a local double); the key is required.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const ZERION_BASE_URL = 'https://api.zerion.io';

export function zerionEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.ZERION_API_KEY;
  if (!key) return { unconfigured: 'not configured (ZERION_API_KEY)' };
  const base = (env.ZERION_BASE_URL ?? ZERION_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/v1/... (Authorization: Basic {key})`,
    secrets: [key, basicCredentials(key)],
  };
}

/** The HTTP Basic credentials of a key: base64 of `key:` (the trailing colon is the empty password). */
export function basicCredentials(key: string): string {
  return Buffer.from(`${key}:`).toString('base64');
}
