// GitHub, the code-hosting providers: `github` with GITHUB_TOKEN (bearer), and `github-public`,
// the same API without credentials (60 requests an hour per IP; no code search, which needs
// authentication). The provider table puts `github` first: without a token it is unconfigured
// and the public API answers; when GitHub rejects the token with 401, `github` is marked
// auth_failed and the public API answers, recorded in `fallbackFrom`. Both share one runtime.
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { GITHUB_BASE_URL, githubEndpoint, githubPublicEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

/** Every `github.*` capability served by the REST API (raw files come from the raw-file host). */
export const GITHUB_API_CAPABILITIES = [
  'github.repo',
  'github.searchRepos',
  'github.contents',
  'github.tree',
  'github.commits',
  'github.branches',
  'github.releases',
  'github.release',
  'github.issues',
  'github.pulls',
  'github.user',
  'github.searchCode',
] as const;

const api = {
  kind: 'code',
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [GITHUB_BASE_URL],
  configuredUrls: (env) => (env.GITHUB_BASE_URL ? [env.GITHUB_BASE_URL] : []),
  load: async () => (await import('./index.js')).createGithubProvider,
} as const satisfies Partial<ProviderDescriptor>;

export const githubDescriptor: ProviderDescriptor = {
  ...api,
  id: 'github',
  name: PROVIDER_NAMES.github,
  role: 'code-hosting API (token)',
  capabilities: { global: GITHUB_API_CAPABILITIES },
  configure: githubEndpoint,
};

export const githubPublicDescriptor: ProviderDescriptor = {
  ...api,
  id: 'github-public',
  name: PROVIDER_NAMES['github-public'],
  role: 'code-hosting API (public)',
  capabilities: { global: GITHUB_API_CAPABILITIES.filter((c) => c !== 'github.searchCode') },
  configure: githubPublicEndpoint,
};
