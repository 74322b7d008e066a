// The code-hosting capabilities (docs/data-layer.md, "Code hosting and subgraphs"): the GitHub REST API with
// GITHUB_TOKEN, else (or after the token is refused with 401) the public API; code search needs
// the token. Lists page by `page` and `perPage` (at most 100). Raw files come from the raw-file
// host only, without the token.
import * as z from 'zod';
import { GITHUB_LIMITS, RAW_FILE_LIMITS } from '../limits.js';
import { defineCapability, type CapabilityDefinition } from './define-capability.js';

const owner = z
  .string()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'an owner is a GitHub user or organization name')
  .describe('user or organization');
const repo = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,100}$/, 'a repository name is letters, digits, . _ or -')
  .refine((r) => r !== '.' && r !== '..', 'a repository name is not . or ..')
  .describe('repository name');
const noDotSegments = (value: string) => !value.split('/').some((s) => s === '..' || s === '.');
const ref = z
  .string()
  .regex(/^[A-Za-z0-9._/+-]{1,255}$/, 'a ref is a branch, tag or commit sha')
  .refine(noDotSegments, 'a ref has no . or .. segment')
  .refine((r) => !r.includes('..') && !r.startsWith('/') && !r.endsWith('/'), 'not a valid ref')
  .describe('branch, tag or commit sha');
const path = z
  .string()
  .max(1_024)
  .refine((p) => !/[?#\\]/.test(p) && ![...p].some((ch) => ch.charCodeAt(0) < 0x20), {
    message: 'a path has no ?, #, backslash or control characters',
  })
  .refine(noDotSegments, 'a path has no . or .. segment')
  .transform((p) => p.replace(/^\/+|\/+$/g, ''))
  .describe('path inside the repository ("" for the root)');
const page = z.number().int().min(1).max(1_000).default(1).describe('page, from 1');
const perPage = z
  .number()
  .int()
  .min(1)
  .max(GITHUB_LIMITS.perPage, `perPage may be at most ${GITHUB_LIMITS.perPage}`)
  .default(30)
  .describe('items a page (1 to 100, default 30)');
const state = z.enum(['open', 'closed', 'all']).default('open').describe('open (default), closed or all');
const searchQuery = z.string().trim().min(1, 'a search query is required').max(256);
const repoRef = { owner, repo };

const github = <P extends z.ZodObject>(
  operation: string,
  summary: string,
  params: P,
  ttl: 'bytecode' = 'bytecode',
): CapabilityDefinition<P> =>
  defineCapability({
    name: `github.${operation}`,
    group: 'github',
    operation,
    summary,
    scope: 'global',
    params,
    ttl,
  });

export const githubRepo = github('repo', 'A GitHub repository.', z.object(repoRef).strict());
export const githubSearchRepos = github(
  'searchRepos',
  'Search GitHub repositories (GitHub search syntax).',
  z
    .object({
      query: searchQuery,
      sort: z.enum(['stars', 'forks', 'help-wanted-issues', 'updated']).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      page,
      perPage,
    })
    .strict(),
);
export const githubContents = github(
  'contents',
  'A file of a repository, decoded (sha, size, ref, download URL), or a directory listing.',
  z.object({ ...repoRef, path: path.default(''), ref: ref.optional() }).strict(),
);
export const githubTree = github(
  'tree',
  'The recursive file tree of a repository at a ref.',
  z.object({ ...repoRef, ref: ref.describe('branch, tag or tree sha') }).strict(),
);
export const githubCommits = github(
  'commits',
  'Commits of a repository, newest first.',
  z
    .object({
      ...repoRef,
      sha: ref.optional().describe('branch, tag or sha to start from'),
      path: path.optional().describe('only commits touching this path'),
      since: z.iso.datetime().optional(),
      until: z.iso.datetime().optional(),
      page,
      perPage,
    })
    .strict(),
);
export const githubBranches = github(
  'branches',
  'Branches of a repository.',
  z.object({ ...repoRef, page, perPage }).strict(),
);
export const githubReleases = github(
  'releases',
  'Releases of a repository, newest first.',
  z.object({ ...repoRef, page, perPage }).strict(),
);
export const githubRelease = github(
  'release',
  'One release: by tag, by id, or the latest published one.',
  z
    .object({
      ...repoRef,
      tag: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[^?#\\/]+(?:\/[^?#\\/]+)*$/, 'not a valid tag')
        .optional(),
      id: z.number().int().positive().optional(),
    })
    .strict()
    .refine((p) => p.tag === undefined || p.id === undefined, 'give a tag or an id, not both'),
);
export const githubIssues = github(
  'issues',
  'Issues of a repository (pull requests removed and counted).',
  z
    .object({
      ...repoRef,
      state,
      labels: z.string().max(500).optional().describe('comma-separated label names'),
      page,
      perPage,
    })
    .strict(),
);
export const githubPulls = github(
  'pulls',
  'Pull requests of a repository.',
  z.object({ ...repoRef, state, page, perPage }).strict(),
);
export const githubUser = github(
  'user',
  'A GitHub user or organization.',
  z.object({ username: owner.describe('login') }).strict(),
);
export const githubSearchCode = github(
  'searchCode',
  'Search code on GitHub (needs GITHUB_TOKEN).',
  z.object({ query: searchQuery, page, perPage }).strict(),
);
export const githubRaw = github(
  'raw',
  'A public raw file from raw.githubusercontent.com (never sent the token); binary files are reported, not returned.',
  z
    .object({
      url: z
        .string()
        .min(1)
        .max(2_048)
        .describe('https://raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>'),
      maxBytes: z
        .number()
        .int()
        .min(1)
        .max(RAW_FILE_LIMITS.maxBytes, `maxBytes may be at most ${RAW_FILE_LIMITS.maxBytes} (5 MiB)`)
        .default(RAW_FILE_LIMITS.bytes)
        .describe('size cap in bytes (default 1 MiB, at most 5 MiB)'),
    })
    .strict(),
);
