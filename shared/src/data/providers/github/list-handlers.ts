// The list reads, each a page: searches (`github.searchRepos`, `github.searchCode`, with their
// total count), a repository's commits, branches, releases and pull requests, and its issues
// without the pull requests GitHub mixes in (counted in `pullRequestsRemoved`).
import type { CapabilityHandler } from '../provider-types.js';
import { answer, objects, pageOf, pageQuery, repoOf, str, type Params, type Query } from './answers.js';
import { repoPath } from './endpoints.js';
import type { GithubApi } from './github-api.js';
import { issuesSchema } from './payloads.js';

const issues =
  ({ get }: GithubApi): CapabilityHandler =>
  async (params) => {
    const { owner, repo, name } = repoOf(params);
    const reply = await get(
      {
        path: repoPath(owner, repo, 'issues'),
        what: `${name} issues`,
        query: { state: str(params.state), labels: str(params.labels), ...pageQuery(params) },
      },
      issuesSchema,
    );
    const only = reply.data.filter((item) => item.pull_request === undefined || item.pull_request === null);
    return answer(
      pageOf(reply, objects(only), params, { pullRequestsRemoved: reply.data.length - only.length }),
      reply,
    );
  };

/** A repository list under `repos/{owner}/{repo}/<segment>`, with the query it takes. */
const repoList =
  ({ list }: GithubApi, segment: string, noun: string, query: (p: Params) => Query = () => ({})) =>
  (params: Params) => {
    const { owner, repo, name } = repoOf(params);
    return list(params, repoPath(owner, repo, segment), `${name} ${noun}`, query(params));
  };

/** The list reads by capability. */
export function listHandlers(api: GithubApi): Record<string, CapabilityHandler> {
  return {
    'github.searchRepos': (params) =>
      api.search(params, '/search/repositories', `repository search "${String(params.query)}"`, {
        q: String(params.query),
        sort: str(params.sort),
        order: str(params.order),
      }),
    'github.searchCode': (params) =>
      api.search(params, '/search/code', `code search "${String(params.query)}"`, {
        q: String(params.query),
      }),
    'github.commits': repoList(api, 'commits', 'commits', (params) => ({
      sha: str(params.sha),
      path: str(params.path) || undefined,
      since: str(params.since),
      until: str(params.until),
    })),
    'github.branches': repoList(api, 'branches', 'branches'),
    'github.releases': repoList(api, 'releases', 'releases'),
    'github.issues': issues(api),
    'github.pulls': repoList(api, 'pulls', 'pull requests', (params) => ({ state: str(params.state) })),
  };
}
