// GitHub's objects as the layer answers them: passed through as GitHub sends them, nulls dropped
// (absent stays absent); lists as pages with the `Link` header's next and last pages; every answer
// with the upstream `x-ratelimit-*` headers for `provenance.rateLimit`.
import { compact } from '../../compact.js';
import type { GithubPage } from '../../github/github-types.js';
import type { ProviderAnswer } from '../provider-types.js';
import type { GithubReply } from './http.js';

export type Params = Record<string, unknown>;
export type Query = Record<string, string | undefined>;

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
export const text = (value: string | null | undefined): string | undefined => (value ? value : undefined);

/** The repository a request names, for messages and paths. */
export function repoOf(params: Params) {
  const owner = String(params.owner);
  const repo = String(params.repo);
  return { owner, repo, name: `${owner}/${repo}` };
}

export function pageQuery(params: Params) {
  return { per_page: num(params.perPage) ?? 30, page: num(params.page) ?? 1 };
}

/** A list answer as a page: the page asked for, and the next and last pages of the Link header. */
export function pageOf<T>(
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

export const objects = (items: Record<string, unknown>[]) =>
  items.map((item) => compact(item) as Record<string, unknown>);

export const answer = (data: unknown, reply: GithubReply<unknown>): ProviderAnswer => ({
  data,
  ...(reply.rateLimit ? { rateLimit: reply.rateLimit } : {}),
});
