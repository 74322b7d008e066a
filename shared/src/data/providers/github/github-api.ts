// What the `github.*` handlers share: the GET (http.ts), the provider's name and redactor for
// their own errors, and the two list reads: a plain list and a search, each a page.
import type { Redactor } from '../../errors/redact.js';
import type { ProviderAnswer, ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { answer, objects, pageOf, pageQuery, type Params, type Query } from './answers.js';
import { createGithubGet, type GithubGet } from './http.js';
import { listSchema, searchSchema } from './payloads.js';

type ListRead = (params: Params, path: string, what: string, query?: Query) => Promise<ProviderAnswer>;

export interface GithubApi {
  get: GithubGet;
  /** `github` or `github-public`, and the redactor, for the handlers' own errors. */
  options: { provider: string; redact: Redactor };
  list: ListRead;
  search: ListRead;
}

export function createGithubApi(endpoint: ProviderEndpoint, context: ProviderContext): GithubApi {
  const get = createGithubGet(endpoint, context);

  const list: ListRead = async (params, path, what, query = {}) => {
    const reply = await get({ path, what, query: { ...query, ...pageQuery(params) } }, listSchema);
    return answer(pageOf(reply, objects(reply.data), params), reply);
  };

  const search: ListRead = async (params, path, what, query = {}) => {
    const reply = await get({ path, what, query: { ...query, ...pageQuery(params) } }, searchSchema);
    return answer(
      pageOf(reply, objects(reply.data.items), params, {
        totalCount: reply.data.total_count,
        incompleteResults: reply.data.incomplete_results,
      }),
      reply,
    );
  };

  return { get, options: { provider: context.policy.provider, redact: context.redact }, list, search };
}
