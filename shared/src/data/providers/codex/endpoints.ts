// Codex GraphQL API (https://docs.codex.io/concepts/authentication, https://docs.codex.io/learn-graphql):
// every query is `POST {base}/graphql`; a secret API key travels as the raw header value
// `Authorization: <key>`, without `Bearer` (only Codex's short-lived JWT keys take
// `Bearer <token>`; also github.com/Codex-Data/skills skills/codex-supergraph/references/apis.md,
// "Auth matrix"). CODEX_BASE_URL replaces the default base (a mirror or a local double); the key
// is required.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const CODEX_BASE_URL = 'https://graph.codex.io';

export function codexEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const key = env.CODEX_API_KEY;
  if (!key) return { unconfigured: 'not configured (CODEX_API_KEY)' };
  const base = (env.CODEX_BASE_URL || CODEX_BASE_URL).replace(/\/+$/, '');
  return { url: base, display: `${displayUrl(base)}/graphql (Authorization: {key})`, secrets: [key] };
}

export const graphqlUrl = (base: string) => `${base}/graphql`;
