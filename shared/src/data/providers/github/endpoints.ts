// The GitHub REST API (https://docs.github.com/rest). Two providers share one runtime: `github`
// sends GITHUB_TOKEN as `Authorization: Bearer <token>` and is unconfigured without it;
// `github-public` sends no credentials at all and is always configured (60 requests an hour per
// IP). Both send `X-GitHub-Api-Version` from GITHUB_API_VERSION: `2022-11-28` (the default, and
// what GitHub assumes without the header) or `2026-03-10`; any other value leaves both
// unconfigured, since GitHub answers an unsupported version with 400
// (https://docs.github.com/rest/about-the-rest-api/api-versions). GITHUB_BASE_URL replaces the
// default base (GitHub Enterprise, a mirror or a local double).
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const GITHUB_BASE_URL = 'https://api.github.com';
export const GITHUB_API_VERSIONS = ['2022-11-28', '2026-03-10'] as const;
export const DEFAULT_GITHUB_API_VERSION = '2022-11-28';
export const GITHUB_API_VERSION_PROBLEM = 'GITHUB_API_VERSION must be 2022-11-28 or 2026-03-10';

/** The endpoint of either GitHub API provider: the API version travels with it to the runtime. */
export interface GithubEndpoint extends ProviderEndpoint {
  apiVersion: string;
}

function apiVersionOf(env: DataEnv): string | undefined {
  const value = env.GITHUB_API_VERSION?.trim() || DEFAULT_GITHUB_API_VERSION;
  return (GITHUB_API_VERSIONS as readonly string[]).includes(value) ? value : undefined;
}

const baseOf = (env: DataEnv) => (env.GITHUB_BASE_URL ?? GITHUB_BASE_URL).replace(/\/+$/, '');

/** `github`: the token provider. */
export function githubEndpoint(env: DataEnv): GithubEndpoint | { unconfigured: string } {
  const apiVersion = apiVersionOf(env);
  if (!apiVersion) return { unconfigured: GITHUB_API_VERSION_PROBLEM };
  const token = env.GITHUB_TOKEN?.trim();
  if (!token) return { unconfigured: 'not configured (GITHUB_TOKEN)' };
  const base = baseOf(env);
  return {
    url: base,
    display: `${displayUrl(base)} (Authorization: Bearer {key}; X-GitHub-Api-Version: ${apiVersion})`,
    secrets: [token],
    apiVersion,
  };
}

/** `github-public`: the same API without credentials. */
export function githubPublicEndpoint(env: DataEnv): GithubEndpoint | { unconfigured: string } {
  const apiVersion = apiVersionOf(env);
  if (!apiVersion) return { unconfigured: GITHUB_API_VERSION_PROBLEM };
  const base = baseOf(env);
  return {
    url: base,
    display: `${displayUrl(base)} (anonymous; X-GitHub-Api-Version: ${apiVersion})`,
    secrets: [],
    apiVersion,
  };
}

/** The API version an endpoint carries (the default when a foreign endpoint has none). */
export function endpointApiVersion(endpoint: ProviderEndpoint): string {
  const version = (endpoint as Partial<GithubEndpoint>).apiVersion;
  return typeof version === 'string' && (GITHUB_API_VERSIONS as readonly string[]).includes(version)
    ? version
    : DEFAULT_GITHUB_API_VERSION;
}

/** Each path segment encoded on its own (`a/b c` → `a/b%20c`): a `/` inside a value stays a separator. */
export function encodeSegments(value: string): string {
  return value
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** `/repos/{owner}/{repo}` followed by the given sub-path segments, each encoded. */
export function repoPath(owner: string, repo: string, ...rest: string[]): string {
  const tail = rest.filter((part) => part !== '').map(encodeSegments);
  return ['', 'repos', encodeURIComponent(owner), encodeURIComponent(repo), ...tail].join('/');
}
