// The Graph gateway (subgraphs). The key travels as `Authorization: Bearer <key>` on
// `POST {base}/api/subgraphs/id/{subgraphId}`, so that it never appears in a URL: the gateway's
// native form (edgeandnode/gateway src/middleware/require_auth.rs; its SKILL.md; "Using Your API
// Key" in https://thegraph.com/docs/en/subgraphs/querying/managing-api-keys/). The key-in-path
// form `/api/{key}/subgraphs/id/{id}` is the gateway's legacy adapter and is not used.
// THEGRAPH_BASE_URL replaces the default base (a mirror or a local double); the key is required.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const THEGRAPH_BASE_URL = 'https://gateway.thegraph.com';

export function thegraphEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.THEGRAPH_API_KEY;
  if (!key) return { unconfigured: 'not configured (THEGRAPH_API_KEY)' };
  const base = (env.THEGRAPH_BASE_URL ?? THEGRAPH_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/api/subgraphs/id/{subgraphId} (Authorization: Bearer {key})`,
    secrets: [key],
  };
}

/** The query URL of a subgraph (the caller's id, validated as base58 by the capability). */
export function subgraphUrl(base: string, subgraphId: string): string {
  return `${base}/api/subgraphs/id/${encodeURIComponent(subgraphId)}`;
}
