// The raw-file host (raw.githubusercontent.com): `github.raw` only, public files only, never sent
// the GitHub token (the runtime is not given it). Always configured.
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { GITHUB_RAW_BASE_URL, githubRawEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const githubRawDescriptor: ProviderDescriptor = {
  id: 'github-raw',
  name: PROVIDER_NAMES['github-raw'],
  role: 'raw-file host',
  kind: 'code',
  capabilities: { global: ['github.raw'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  defaultUrls: [GITHUB_RAW_BASE_URL],
  configure: githubRawEndpoint,
  configuredUrls: (env) => (env.GITHUB_RAW_BASE_URL ? [env.GITHUB_RAW_BASE_URL] : []),
  load: async () => (await import('./index.js')).createGithubRawProvider,
};
