// The GitHub REST API runtime, shared by `github` (the token provider) and `github-public` (no
// credentials): the endpoint decides which, by carrying the token or not. The handlers, by
// capability: the single-object reads (read-handlers.ts), the list reads (list-handlers.ts) and
// the contents (contents.ts), over the shared API (github-api.ts); the shapes of their answers
// are in answers.ts. Every answer carries the upstream `x-ratelimit-*` headers for
// `provenance.rateLimit`.
import { compact } from '../../compact.js';
import type { ProviderFactory } from '../provider-types.js';
import { contents } from './contents.js';
import { createGithubApi } from './github-api.js';
import { listHandlers } from './list-handlers.js';
import { rateLimitSchema } from './payloads.js';
import { readHandlers } from './read-handlers.js';

export const createGithubProvider: ProviderFactory = (endpoint, context) => {
  const api = createGithubApi(endpoint, context);
  return {
    handlers: { ...readHandlers(api), ...listHandlers(api), 'github.contents': contents(api) },

    // GET /rate_limit: cheap, and not counted against the limit.
    health: async () => {
      const reply = await api.get({ path: '/rate_limit', what: 'rate limit' }, rateLimitSchema);
      const { core, search: searchBucket } = reply.data.resources;
      return compact({
        authenticated: endpoint.secrets.length > 0,
        coreRemaining: core?.remaining,
        coreLimit: core?.limit,
        coreResetsAt: core ? new Date(core.reset * 1000).toISOString() : undefined,
        searchRemaining: searchBucket?.remaining,
        searchLimit: searchBucket?.limit,
      }) as Record<string, unknown>;
    },
  };
};
