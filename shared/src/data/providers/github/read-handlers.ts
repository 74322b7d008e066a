// The single-object reads: `github.repo`, `github.tree` (recursive), `github.release` (by tag, by
// id, else the latest published) and `github.user`.
import { compact } from '../../compact.js';
import type { GithubTree } from '../../github/github-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import { answer, num, repoOf, str, type Params } from './answers.js';
import { repoPath } from './endpoints.js';
import type { GithubApi } from './github-api.js';
import type { GithubRequest } from './http.js';
import { objectSchema, treeSchema } from './payloads.js';

const repoRead =
  ({ get }: GithubApi): CapabilityHandler =>
  async (params) => {
    const { owner, repo, name } = repoOf(params);
    const reply = await get({ path: repoPath(owner, repo), what: name }, objectSchema);
    return answer(compact(reply.data), reply);
  };

const treeRead =
  ({ get }: GithubApi): CapabilityHandler =>
  async (params) => {
    const { owner, repo, name } = repoOf(params);
    const ref = String(params.ref);
    const reply = await get(
      {
        path: repoPath(owner, repo, 'git/trees', ref),
        what: `${name} tree ${ref}`,
        query: { recursive: '1' },
      },
      treeSchema,
    );
    const tree: GithubTree = {
      sha: reply.data.sha,
      truncated: reply.data.truncated,
      entries: reply.data.tree.map(
        (e) =>
          compact({
            path: e.path,
            mode: e.mode,
            type: e.type,
            sha: e.sha,
            size: num(e.size),
          }) as GithubTree['entries'][number],
      ),
    };
    return answer(tree, reply);
  };

/** The release a request names: by tag, by id, else the latest published one. */
function releaseRequest(params: Params): GithubRequest {
  const { owner, repo, name } = repoOf(params);
  const tag = str(params.tag);
  const id = num(params.id);
  if (tag !== undefined)
    return { path: repoPath(owner, repo, 'releases/tags', tag), what: `${name} release ${tag}` };
  if (id !== undefined)
    return { path: repoPath(owner, repo, 'releases', String(id)), what: `${name} release ${id}` };
  return {
    path: repoPath(owner, repo, 'releases/latest'),
    what: `${name} latest release`,
    notFound: `not found: ${name} has no published release (or no such repository)`,
  };
}

const releaseRead =
  ({ get }: GithubApi): CapabilityHandler =>
  async (params) => {
    const reply = await get(releaseRequest(params), objectSchema);
    return answer(compact(reply.data), reply);
  };

const userRead =
  ({ get }: GithubApi): CapabilityHandler =>
  async (params) => {
    const username = String(params.username);
    const reply = await get(
      { path: `/users/${encodeURIComponent(username)}`, what: `user ${username}` },
      objectSchema,
    );
    return answer(compact(reply.data), reply);
  };

/** The single-object reads by capability. */
export function readHandlers(api: GithubApi): Record<string, CapabilityHandler> {
  return {
    'github.repo': repoRead(api),
    'github.tree': treeRead(api),
    'github.release': releaseRead(api),
    'github.user': userRead(api),
  };
}
