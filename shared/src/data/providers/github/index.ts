// The GitHub REST API runtime, shared by `github` (the token provider) and `github-public` (no
// credentials): the endpoint decides which, by carrying the token or not. GitHub's objects
// (repository, commit, branch, release, issue, pull request, user, search items) are passed
// through as GitHub sends them, nulls dropped (absent stays absent); lists are pages with the
// `Link` header's next and last pages; contents are decoded (base64 with newlines) and binary
// files are reported, never returned as text. Every answer carries the upstream `x-ratelimit-*`
// headers for `provenance.rateLimit`.
import { compact } from '../../compact.js';
import { ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import {
  looksBinary,
  type GithubDirectory,
  type GithubDirectoryEntry,
  type GithubFile,
  type GithubPage,
  type GithubTree,
} from '../../github/github-types.js';
import type { ProviderAnswer, ProviderFactory } from '../provider-types.js';
import { repoPath } from './endpoints.js';
import { createGithubGet, type GithubReply } from './http.js';
import {
  contentFileSchema,
  contentsSchema,
  directorySchema,
  issuesSchema,
  listSchema,
  objectSchema,
  rateLimitSchema,
  searchSchema,
  treeSchema,
} from './payloads.js';

type Params = Record<string, unknown>;
type Query = Record<string, string | undefined>;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const text = (value: string | null | undefined): string | undefined => (value ? value : undefined);

/** The repository a request names, for messages and paths. */
function repoOf(params: Params) {
  const owner = String(params.owner);
  const repo = String(params.repo);
  return { owner, repo, name: `${owner}/${repo}` };
}

function pageQuery(params: Params) {
  return { per_page: num(params.perPage) ?? 30, page: num(params.page) ?? 1 };
}

/** A list answer as a page: the page asked for, and the next and last pages of the Link header. */
function pageOf<T>(
  reply: GithubReply<unknown>,
  items: T[],
  params: Params,
  extra: Pick<GithubPage, 'totalCount' | 'incompleteResults' | 'pullRequestsRemoved'> = {},
) {
  const { per_page, page } = pageQuery(params);
  const out: GithubPage<T> = {
    items,
    page,
    perPage: per_page,
    ...(reply.links.next !== undefined ? { nextPage: reply.links.next } : {}),
    ...(reply.links.last !== undefined ? { lastPage: reply.links.last } : {}),
    ...extra,
  };
  return out;
}

const objects = (items: Record<string, unknown>[]) =>
  items.map((item) => compact(item) as Record<string, unknown>);

const answer = (data: unknown, reply: GithubReply<unknown>): ProviderAnswer => ({
  data,
  ...(reply.rateLimit ? { rateLimit: reply.rateLimit } : {}),
});

/** Decodes a base64 `content` member (GitHub breaks it with a newline every 60 characters). */
function decodeBase64(content: string): Uint8Array {
  return Buffer.from(content.replace(/\s+/g, ''), 'base64');
}

export const createGithubProvider: ProviderFactory = (endpoint, context) => {
  const get = createGithubGet(endpoint, context);
  const provider = context.policy.provider;

  const list = async (params: Params, path: string, what: string, query: Query = {}) => {
    const reply = await get({ path, what, query: { ...query, ...pageQuery(params) } }, listSchema);
    return answer(pageOf(reply, objects(reply.data), params), reply);
  };

  const search = async (params: Params, path: string, what: string, query: Query) => {
    const reply = await get({ path, what, query: { ...query, ...pageQuery(params) } }, searchSchema);
    return answer(
      pageOf(reply, objects(reply.data.items), params, {
        totalCount: reply.data.total_count,
        incompleteResults: reply.data.incomplete_results,
      }),
      reply,
    );
  };

  return {
    handlers: {
      'github.repo': async (params) => {
        const { owner, repo, name } = repoOf(params);
        const reply = await get({ path: repoPath(owner, repo), what: name }, objectSchema);
        return answer(compact(reply.data), reply);
      },

      'github.searchRepos': (params) =>
        search(params, '/search/repositories', `repository search "${String(params.query)}"`, {
          q: String(params.query),
          sort: str(params.sort),
          order: str(params.order),
        }),

      'github.searchCode': (params) =>
        search(params, '/search/code', `code search "${String(params.query)}"`, { q: String(params.query) }),

      'github.contents': async (params) => {
        const { owner, repo, name } = repoOf(params);
        const path = str(params.path) ?? '';
        const ref = str(params.ref);
        const what = `${name} contents ${path || '/'}${ref ? ` at ${ref}` : ''}`;
        const reply = await get(
          { path: repoPath(owner, repo, 'contents', path), what, query: { ref } },
          contentsSchema,
        );
        const data = reply.data;
        const dir = directorySchema.safeParse(data);
        if (dir.success) {
          const entries: GithubDirectoryEntry[] = dir.data.map(
            (e) =>
              compact({
                type: e.type,
                name: e.name,
                path: e.path,
                sha: e.sha,
                // GitHub reports 0 for a directory's size: not a size.
                size: e.type === 'dir' ? undefined : num(e.size),
                downloadUrl: text(e.download_url),
              }) as GithubDirectoryEntry,
          );
          const listing: GithubDirectory = { type: 'dir', path, ...(ref ? { ref } : {}), entries };
          return answer(listing, reply);
        }
        const file = contentFileSchema.safeParse(data);
        if (!file.success && (data as { type?: unknown }).type === 'file')
          throw new ProviderError('failure', `${what}: unexpected payload`, {
            provider,
            redact: context.redact,
          });
        if (!file.success) {
          const other = data as { type?: string; target?: string | null; submodule_git_url?: string | null };
          const detail =
            other.type === 'symlink' && other.target
              ? ` to ${context.redact(other.target)}`
              : other.type === 'submodule' && other.submodule_git_url
                ? ` (${context.redact(other.submodule_git_url)})`
                : '';
          throw new RequestRefusedError(
            `${what}: a ${other.type ?? 'non-file'}${detail}, neither a file nor a directory`,
            { provider, redact: context.redact },
          );
        }
        const f = file.data;
        const out: GithubFile = {
          type: 'file',
          path: f.path,
          name: f.name,
          sha: f.sha,
          size: f.size,
          ...(ref ? { ref } : {}),
          ...(text(f.download_url) ? { downloadUrl: text(f.download_url) } : {}),
          ...(text(f.html_url) ? { htmlUrl: text(f.html_url) } : {}),
        };
        const content = f.content ?? '';
        if (f.encoding === 'none' || (content === '' && f.size > 0)) out.tooLarge = true;
        else {
          const bytes = f.encoding === 'base64' || f.encoding == null ? decodeBase64(content) : undefined;
          if (!bytes)
            throw new RequestRefusedError(`${what}: content in an unknown encoding (${f.encoding})`, {
              provider,
              redact: context.redact,
            });
          if (looksBinary(bytes)) out.binary = true;
          else out.text = new TextDecoder('utf-8').decode(bytes);
        }
        return answer(out, reply);
      },

      'github.tree': async (params) => {
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
      },

      'github.commits': (params) => {
        const { owner, repo, name } = repoOf(params);
        return list(params, repoPath(owner, repo, 'commits'), `${name} commits`, {
          sha: str(params.sha),
          path: str(params.path) || undefined,
          since: str(params.since),
          until: str(params.until),
        });
      },

      'github.branches': (params) => {
        const { owner, repo, name } = repoOf(params);
        return list(params, repoPath(owner, repo, 'branches'), `${name} branches`);
      },

      'github.releases': (params) => {
        const { owner, repo, name } = repoOf(params);
        return list(params, repoPath(owner, repo, 'releases'), `${name} releases`);
      },

      'github.release': async (params) => {
        const { owner, repo, name } = repoOf(params);
        const tag = str(params.tag);
        const id = num(params.id);
        const request =
          tag !== undefined
            ? { path: repoPath(owner, repo, 'releases/tags', tag), what: `${name} release ${tag}` }
            : id !== undefined
              ? { path: repoPath(owner, repo, 'releases', String(id)), what: `${name} release ${id}` }
              : {
                  path: repoPath(owner, repo, 'releases/latest'),
                  what: `${name} latest release`,
                  notFound: `not found: ${name} has no published release (or no such repository)`,
                };
        const reply = await get(request, objectSchema);
        return answer(compact(reply.data), reply);
      },

      'github.issues': async (params) => {
        const { owner, repo, name } = repoOf(params);
        const reply = await get(
          {
            path: repoPath(owner, repo, 'issues'),
            what: `${name} issues`,
            query: { state: str(params.state), labels: str(params.labels), ...pageQuery(params) },
          },
          issuesSchema,
        );
        const issues = reply.data.filter(
          (item) => item.pull_request === undefined || item.pull_request === null,
        );
        return answer(
          pageOf(reply, objects(issues), params, {
            pullRequestsRemoved: reply.data.length - issues.length,
          }),
          reply,
        );
      },

      'github.pulls': (params) => {
        const { owner, repo, name } = repoOf(params);
        return list(params, repoPath(owner, repo, 'pulls'), `${name} pull requests`, {
          state: str(params.state),
        });
      },

      'github.user': async (params) => {
        const username = String(params.username);
        const reply = await get(
          { path: `/users/${encodeURIComponent(username)}`, what: `user ${username}` },
          objectSchema,
        );
        return answer(compact(reply.data), reply);
      },
    },

    // GET /rate_limit: cheap, and not counted against the limit.
    health: async () => {
      const reply = await get({ path: '/rate_limit', what: 'rate limit' }, rateLimitSchema);
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
