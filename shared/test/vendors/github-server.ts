// Double of the GitHub REST API (https://api.github.com), API versions 2022-11-28 and 2026-03-10
// (https://docs.github.com/rest/about-the-rest-api/api-versions: another version is answered with
// 400). Authentication as GitHub documents it (https://docs.github.com/rest/authentication/
// authenticating-to-the-rest-api): `Authorization: Bearer <token>` (or `token <token>`); a wrong
// token is 401 `Bad credentials` even on public data; no header is anonymous (60 requests an
// hour), except code search, which requires authentication. Every answer carries the rate-limit
// headers of https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api, and
// lists page by `per_page` and `page` with a `Link` header of absolute URLs back to the double's
// own origin (https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api);
// no Link header when one page holds everything. Error bodies as
// the vendor's documentation and
// https://docs.github.com/rest/using-the-rest-api/troubleshooting-the-rest-api show them.
// Values are illustrative.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startHttpDouble, takeQueued, type HttpDouble } from './http-double.js';

export const GH_OWNER = 'octo-org';
export const GH_REPO = 'demo';
/** A repository without commits: 409 `Git Repository is empty.` on contents, commits and trees. */
export const GH_EMPTY_REPO = 'empty';
/** A repository blocked for legal reasons: 451 with the block. */
export const GH_BLOCKED_REPO = 'blocked';
export const GH_USER = 'octo-user';
/** A symlink pointing outside the repository. */
export const GH_SYMLINK_PATH = 'links/notes-link';
export const GH_RESET_EPOCH = 1_790_000_000;
export const GH_API_VERSIONS = ['2022-11-28', '2026-03-10'];
/** The text of README.md (decoded). */
export const GH_README_TEXT =
  '# demo\n\nA demonstration repository: ünïcödé text, several lines long enough\nto make the base64 wrap at sixty characters, as GitHub sends it.\n';
/** The bytes of assets/logo.png: a PNG signature and a header, NUL bytes included. */
export const GH_LOGO_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x10, 0x00, 0x00, 0x00, 0x10, 0x08, 0x06, 0x00, 0x00, 0x00,
]);

export interface GithubCall {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  apiVersion: string | undefined;
  accept: string | undefined;
  userAgent: string | undefined;
}

export interface QueuedAnswer {
  /** Only requests whose path matches (default: any). */
  match?: RegExp;
  status: number;
  body?: unknown;
  raw?: string;
  /** Replace the double's rate-limit headers (e.g. `x-ratelimit-remaining: 0`) and add others. */
  headers?: Record<string, string>;
}

export interface GithubDouble extends HttpDouble {
  calls: GithubCall[];
  /** Requests whose path matches. */
  count: (path: RegExp) => number;
  /** Answers served (in order, to matching paths) after the version and auth checks. */
  failNext: QueuedAnswer[];
  /** The rate-limit headers of the last answer sent. */
  lastRateHeaders: Record<string, string>;
  /** The Link header of the last answer sent (undefined: none). */
  lastLink: string | undefined;
  reset: () => void;
}

const DOCS = 'https://docs.github.com/rest';
const errorBody = (message: string, documentation: string, status: number) => ({
  message,
  documentation_url: `${DOCS}${documentation}`,
  status: String(status),
});

const sha = (n: number) => n.toString(16).padStart(2, '0').repeat(20);
const API = 'https://api.github.com';
const HTML = 'https://github.com';
const RAW = 'https://raw.githubusercontent.com';

// `simple-user` (https://docs.github.com/rest/users/users#get-a-user, response schema "Public User"
// abridged to the members GitHub always sends on nested owners and authors).
const simpleUser = (login: string, id: number, type = 'User') => ({
  login,
  id,
  node_id: `U_${id}`,
  avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
  url: `${API}/users/${login}`,
  html_url: `${HTML}/${login}`,
  type,
  site_admin: false,
});

// GET /repos/{owner}/{repo} — "Get a repository", 200 response `full-repository`
// (https://docs.github.com/rest/repos/repos#get-a-repository). `license` is nullable: null here.
function repository(name: string, size = 412) {
  return {
    id: 700_001,
    node_id: 'R_kgDOdemo01',
    name,
    full_name: `${GH_OWNER}/${name}`,
    private: false,
    owner: simpleUser(GH_OWNER, 9_001, 'Organization'),
    html_url: `${HTML}/${GH_OWNER}/${name}`,
    description: 'A demonstration repository',
    fork: false,
    url: `${API}/repos/${GH_OWNER}/${name}`,
    homepage: null,
    language: 'TypeScript',
    forks_count: 12,
    stargazers_count: 345,
    watchers_count: 345,
    size,
    default_branch: 'main',
    open_issues_count: 4,
    topics: ['demo', 'example'],
    license: null,
    archived: false,
    disabled: false,
    visibility: 'public',
    pushed_at: '2026-09-20T10:00:00Z',
    created_at: '2024-01-02T03:04:05Z',
    updated_at: '2026-09-20T10:00:00Z',
    subscribers_count: 20,
    network_count: 12,
  };
}

// GET /repos/{owner}/{repo}/branches — "List branches", items `short-branch`
// (https://docs.github.com/rest/branches/branches#list-branches): `{name, commit{sha,url}, protected}`.
const BRANCHES = ['main', 'dev', 'feature/login', 'release/1.0', 'gh-pages'].map((name, i) => ({
  name,
  commit: { sha: sha(0x10 + i), url: `${API}/repos/${GH_OWNER}/${GH_REPO}/commits/${sha(0x10 + i)}` },
  protected: name === 'main',
}));

// GET /repos/{owner}/{repo}/commits — "List commits", items `commit`
// (https://docs.github.com/rest/commits/commits#list-commits); the first is by a committer GitHub
// cannot match to an account: `author` and `committer` null.
const COMMITS = Array.from({ length: 7 }, (_, i) => {
  const id = sha(0x20 + i);
  const date = `2026-09-${String(20 - i).padStart(2, '0')}T12:00:00Z`;
  const person = { name: 'Octo Dev', email: 'dev@example.com', date };
  return {
    sha: id,
    node_id: `C_${id.slice(0, 12)}`,
    commit: {
      author: person,
      committer: person,
      message: `Change ${7 - i}\n\nDetails of change ${7 - i}.`,
      tree: { sha: sha(0x40 + i), url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/trees/${sha(0x40 + i)}` },
      url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/commits/${id}`,
      comment_count: 0,
    },
    url: `${API}/repos/${GH_OWNER}/${GH_REPO}/commits/${id}`,
    html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/commit/${id}`,
    author: i === 0 ? null : simpleUser(GH_USER, 9_101),
    committer: i === 0 ? null : simpleUser(GH_USER, 9_101),
    parents:
      i === 6
        ? []
        : [{ sha: sha(0x21 + i), url: `${API}/repos/${GH_OWNER}/${GH_REPO}/commits/${sha(0x21 + i)}` }],
  };
});

// GET /repos/{owner}/{repo}/releases — "List releases", items `release`
// (https://docs.github.com/rest/releases/releases#list-releases), newest first; the newest is a
// prerelease, so /releases/latest (the most recent published, non-draft, non-prerelease
// release) is v1.1.0.
const RELEASES = [
  { id: 5003, tag: 'v2.0.0-rc.1', prerelease: true, published: '2026-09-15T00:00:00Z' },
  { id: 5002, tag: 'v1.1.0', prerelease: false, published: '2026-08-01T00:00:00Z' },
  { id: 5001, tag: 'v1.0.0', prerelease: false, published: '2026-05-01T00:00:00Z' },
].map((r) => ({
  url: `${API}/repos/${GH_OWNER}/${GH_REPO}/releases/${r.id}`,
  html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/releases/tag/${r.tag}`,
  assets_url: `${API}/repos/${GH_OWNER}/${GH_REPO}/releases/${r.id}/assets`,
  tarball_url: `${API}/repos/${GH_OWNER}/${GH_REPO}/tarball/${r.tag}`,
  zipball_url: `${API}/repos/${GH_OWNER}/${GH_REPO}/zipball/${r.tag}`,
  id: r.id,
  node_id: `RE_${r.id}`,
  tag_name: r.tag,
  target_commitish: 'main',
  name: `Release ${r.tag}`,
  body: `Notes for ${r.tag}`,
  draft: false,
  prerelease: r.prerelease,
  created_at: r.published,
  published_at: r.published,
  author: simpleUser(GH_USER, 9_101),
  assets: [
    {
      id: r.id * 10,
      name: `demo-${r.tag}.tar.gz`,
      content_type: 'application/gzip',
      size: 20_480,
      download_count: 42,
      state: 'uploaded',
      browser_download_url: `${HTML}/${GH_OWNER}/${GH_REPO}/releases/download/${r.tag}/demo-${r.tag}.tar.gz`,
    },
  ],
}));

// GET /repos/{owner}/{repo}/issues — "List repository issues", items `issue`
// (https://docs.github.com/rest/issues/issues#list-repository-issues): pull requests are mixed
// in, each with a `pull_request` member; plain issues have none.
const ISSUES = [
  { number: 14, title: 'Crash on empty input', pr: false },
  { number: 13, title: 'Add a login page', pr: true },
  { number: 12, title: 'Docs: typo in README', pr: false },
  { number: 11, title: 'Bump dependencies', pr: true },
].map((i) => ({
  id: 800_000 + i.number,
  node_id: `I_${i.number}`,
  url: `${API}/repos/${GH_OWNER}/${GH_REPO}/issues/${i.number}`,
  html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/${i.pr ? 'pull' : 'issues'}/${i.number}`,
  number: i.number,
  state: 'open',
  title: i.title,
  body: null,
  user: simpleUser(GH_USER, 9_101),
  labels: i.pr ? [] : [{ id: 1, name: 'bug', color: 'd73a4a', default: true }],
  assignees: [],
  comments: 1,
  created_at: '2026-09-01T00:00:00Z',
  updated_at: '2026-09-02T00:00:00Z',
  closed_at: null,
  ...(i.pr
    ? {
        pull_request: {
          url: `${API}/repos/${GH_OWNER}/${GH_REPO}/pulls/${i.number}`,
          html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/pull/${i.number}`,
          diff_url: `${HTML}/${GH_OWNER}/${GH_REPO}/pull/${i.number}.diff`,
          patch_url: `${HTML}/${GH_OWNER}/${GH_REPO}/pull/${i.number}.patch`,
          merged_at: null,
        },
      }
    : {}),
}));

// GET /repos/{owner}/{repo}/pulls — "List pull requests", items `pull-request-simple`
// (https://docs.github.com/rest/pulls/pulls#list-pull-requests).
const PULLS = [13, 11].map((number) => ({
  id: 900_000 + number,
  number,
  state: 'open',
  title: number === 13 ? 'Add a login page' : 'Bump dependencies',
  user: simpleUser(GH_USER, 9_101),
  html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/pull/${number}`,
  head: { ref: `feature/${number}`, sha: sha(0x60 + number), repo: { full_name: `${GH_OWNER}/${GH_REPO}` } },
  base: { ref: 'main', sha: sha(0x10), repo: { full_name: `${GH_OWNER}/${GH_REPO}` } },
  draft: number === 11,
  merged_at: null,
  created_at: '2026-09-01T00:00:00Z',
}));

// GET /users/{username} — "Get a user", 200 `public-user`
// (https://docs.github.com/rest/users/users#get-a-user); `company` and `blog` unset: null.
const USER = {
  ...simpleUser(GH_USER, 9_101),
  name: 'Octo User',
  company: null,
  blog: null,
  location: 'Earth',
  bio: 'Builds demos.',
  public_repos: 8,
  followers: 120,
  following: 3,
  created_at: '2020-02-02T02:02:02Z',
  updated_at: '2026-09-01T00:00:00Z',
};

// GET /search/repositories — "Search repositories", `{total_count, incomplete_results, items}`
// with `repo-search-result-item` items (https://docs.github.com/rest/search/search#search-repositories).
const SEARCH_REPOS = ['demo', 'demo-cli', 'demo-web'].map((name, i) => ({
  ...repository(name),
  id: 700_001 + i,
  score: 1,
}));

// GET /search/code — "Search code", items `code-search-result-item`
// (https://docs.github.com/rest/search/search#search-code).
const SEARCH_CODE = ['src/index.ts', 'src/lib/util.ts'].map((path, i) => ({
  name: path.split('/').pop(),
  path,
  sha: sha(0x70 + i),
  url: `${API}/repos/${GH_OWNER}/${GH_REPO}/contents/${path}?ref=${sha(0x10)}`,
  git_url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/blobs/${sha(0x70 + i)}`,
  html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/blob/${sha(0x10)}/${path}`,
  repository: {
    id: 700_001,
    name: GH_REPO,
    full_name: `${GH_OWNER}/${GH_REPO}`,
    owner: simpleUser(GH_OWNER, 9_001, 'Organization'),
  },
  score: 1,
}));

interface RepoFile {
  path: string;
  bytes: Buffer;
  /** 1-100 MB files: `encoding: "none"`, `content: ""`. */
  tooLarge?: boolean;
}

const FILES: RepoFile[] = [
  { path: 'README.md', bytes: Buffer.from(GH_README_TEXT, 'utf8') },
  { path: 'assets/logo.png', bytes: GH_LOGO_BYTES },
  { path: 'data/big.csv', bytes: Buffer.alloc(0), tooLarge: true },
  { path: 'src/index.ts', bytes: Buffer.from('export const answer = 42;\n', 'utf8') },
  { path: 'src/lib/util.ts', bytes: Buffer.from('export const one = 1;\n', 'utf8') },
];
const BIG_SIZE = 3_145_728;
const blobSha = (path: string) => sha(0x80 + FILES.findIndex((f) => f.path === path));

/** GitHub's base64: a newline every 60 characters (and a trailing one). */
const wrapped = (bytes: Buffer) => `${(bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n')}\n`;

function links(path: string, ref: string | undefined) {
  const query = ref ? `?ref=${ref}` : '';
  return {
    self: `${API}/repos/${GH_OWNER}/${GH_REPO}/contents/${path}${query}`,
    git: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/blobs/${blobSha(path)}`,
    html: `${HTML}/${GH_OWNER}/${GH_REPO}/blob/${ref ?? 'main'}/${path}`,
  };
}

// GET /repos/{owner}/{repo}/contents/{path} for a file — `content-file`
// (https://docs.github.com/rest/repos/contents#get-repository-content, "Response if content is a
// file"); files of 1-100 MB: `encoding: "none"` and `content: ""` (same page, "Size limits").
function fileObject(file: RepoFile, ref: string | undefined) {
  const l = links(file.path, ref);
  return {
    type: 'file',
    encoding: file.tooLarge ? 'none' : 'base64',
    size: file.tooLarge ? BIG_SIZE : file.bytes.length,
    name: file.path.split('/').pop(),
    path: file.path,
    content: file.tooLarge ? '' : wrapped(file.bytes),
    sha: blobSha(file.path),
    url: l.self,
    git_url: l.git,
    html_url: l.html,
    download_url: `${RAW}/${GH_OWNER}/${GH_REPO}/${ref ?? 'main'}/${file.path}`,
    _links: l,
  };
}

// GET /repos/{owner}/{repo}/contents/{path} for a directory — an array of entries ("Response if
// content is a directory"): directories with `size: 0` and `download_url: null`.
function directory(dir: string, ref: string | undefined) {
  const prefix = dir === '' ? '' : `${dir}/`;
  const names = new Map<string, 'file' | 'dir'>();
  for (const f of FILES) {
    if (!f.path.startsWith(prefix)) continue;
    const rest = f.path.slice(prefix.length);
    const [head, ...tail] = rest.split('/');
    if (head) names.set(head, tail.length > 0 ? 'dir' : 'file');
  }
  if (names.size === 0) return undefined;
  return [...names].map(([name, type]) => {
    const path = `${prefix}${name}`;
    const file = FILES.find((f) => f.path === path);
    return {
      type,
      name,
      path,
      sha: type === 'file' ? blobSha(path) : sha(0x50 + path.length),
      size: type === 'file' ? (file?.tooLarge ? BIG_SIZE : (file?.bytes.length ?? 0)) : 0,
      url: `${API}/repos/${GH_OWNER}/${GH_REPO}/contents/${path}${ref ? `?ref=${ref}` : ''}`,
      html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/${type === 'file' ? 'blob' : 'tree'}/${ref ?? 'main'}/${path}`,
      git_url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/${type === 'file' ? 'blobs' : 'trees'}/${type === 'file' ? blobSha(path) : sha(0x50 + path.length)}`,
      download_url: type === 'file' ? `${RAW}/${GH_OWNER}/${GH_REPO}/${ref ?? 'main'}/${path}` : null,
      _links: { self: `${API}/repos/${GH_OWNER}/${GH_REPO}/contents/${path}`, git: null, html: null },
    };
  });
}

// GET /repos/{owner}/{repo}/git/trees/{tree_sha}?recursive=1 — "Get a tree"
// (https://docs.github.com/rest/git/trees#get-a-tree): `size` on blobs only.
function tree() {
  const dirs = new Set<string>();
  for (const f of FILES) {
    const parts = f.path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  const entries = [
    ...[...dirs].map((path) => ({
      path,
      mode: '040000',
      type: 'tree',
      sha: sha(0x50 + path.length),
      url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/trees/${sha(0x50 + path.length)}`,
    })),
    ...FILES.map((f) => ({
      path: f.path,
      mode: '100644',
      type: 'blob',
      sha: blobSha(f.path),
      size: f.tooLarge ? BIG_SIZE : f.bytes.length,
      url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/blobs/${blobSha(f.path)}`,
    })),
  ].sort((a, b) => a.path.localeCompare(b.path));
  return {
    sha: sha(0x40),
    url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/trees/${sha(0x40)}`,
    tree: entries,
    truncated: false,
  };
}

type Bucket = 'core' | 'search' | 'code_search';
const LIMITS: Record<Bucket, { anonymous: number; token: number }> = {
  core: { anonymous: 60, token: 5_000 },
  search: { anonymous: 10, token: 30 },
  code_search: { anonymous: 10, token: 10 },
};

export async function startGithubServer(token: string): Promise<GithubDouble> {
  const ref: { self?: GithubDouble } = {};
  const used = new Map<string, number>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const double = ref.self as GithubDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    double.calls.push({
      method: req.method ?? '',
      path,
      query,
      authorization: header('authorization'),
      apiVersion: header('x-github-api-version'),
      accept: header('accept'),
      userAgent: header('user-agent'),
    });

    // Auth first: a header that is there but wrong is 401 even for public data.
    const authorization = header('authorization');
    const presented = authorization ? /^(?:Bearer|token) (\S+)$/i.exec(authorization)?.[1] : undefined;
    const authenticated = authorization !== undefined && presented === token;
    const bucket: Bucket =
      path === '/search/code' ? 'code_search' : path.startsWith('/search/') ? 'search' : 'core';
    const who = authenticated ? 'token' : 'anonymous';
    const limit = LIMITS[bucket][who];
    const usedKey = `${who}:${bucket}`;
    const usedNow = Math.min(limit, (used.get(usedKey) ?? 0) + (path === '/rate_limit' ? 0 : 1));
    used.set(usedKey, usedNow);
    const rate: Record<string, string> = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - usedNow),
      'x-ratelimit-used': String(usedNow),
      'x-ratelimit-reset': String(GH_RESET_EPOCH),
      'x-ratelimit-resource': bucket,
      'x-github-media-type': 'github.v3; format=json',
    };
    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      const headers: Record<string, string> = { ...rate, ...extra };
      double.lastRateHeaders = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name.startsWith('x-ratelimit-')),
      );
      double.lastLink = headers.link;
      sendJson(res, status, body, headers);
    };
    // A list, paged by per_page (default 30, at most 100) and page, with a Link header of
    // absolute URLs to this origin when there is more than one page.
    const sendPage = (items: unknown[]) => {
      const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30));
      const page = Math.max(1, Number(query.page ?? 1) || 1);
      const last = Math.max(1, Math.ceil(items.length / perPage));
      const linkTo = (p: number) => {
        const u = new URL(path, double.origin);
        for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
        u.searchParams.set('per_page', String(perPage));
        u.searchParams.set('page', String(p));
        return u.toString();
      };
      const rels: string[] = [];
      if (page > 1) rels.push(`<${linkTo(page - 1)}>; rel="prev"`);
      if (page < last) rels.push(`<${linkTo(page + 1)}>; rel="next"`, `<${linkTo(last)}>; rel="last"`);
      if (page > 1) rels.push(`<${linkTo(1)}>; rel="first"`);
      const slice = items.slice((page - 1) * perPage, page * perPage);
      const extra: Record<string, string> =
        rels.length > 0 && items.length > perPage ? { link: rels.join(', ') } : {};
      return { slice, extra };
    };
    const list = (items: unknown[]) => {
      const { slice, extra } = sendPage(items);
      send(200, slice, extra);
    };
    const search = (items: unknown[]) => {
      const { slice, extra } = sendPage(items);
      // "Search repositories" / "Search code": `{total_count, incomplete_results, items}`.
      send(200, { total_count: items.length, incomplete_results: false, items: slice }, extra);
    };

    // 400 for a version GitHub does not support ("API versions": an unsupported version is 400).
    const version = header('x-github-api-version');
    if (version !== undefined && !GH_API_VERSIONS.includes(version))
      return send(
        400,
        errorBody(
          `Unsupported 'X-GitHub-Api-Version' header: ${version}`,
          '/about-the-rest-api/api-versions',
          400,
        ),
      );
    // 401 `Bad credentials` (troubleshooting, "401 Unauthorized").
    if (authorization !== undefined && !authenticated)
      return send(401, errorBody('Bad credentials', '', 401));
    // Code search requires authentication (https://docs.github.com/rest/search/search#search-code).
    if (path === '/search/code' && !authenticated)
      return send(401, errorBody('Requires authentication', '/search/search#search-code', 401));

    const queued = takeQueued(double.failNext, path);
    if (queued) {
      if (queued.raw !== undefined) {
        res.writeHead(queued.status, { 'content-type': 'text/html', ...rate, ...queued.headers });
        return res.end(queued.raw);
      }
      return send(queued.status, queued.body ?? {}, queued.headers);
    }

    // GET /rate_limit — "Get rate limit status for the authenticated user"
    // (https://docs.github.com/rest/rate-limit/rate-limit); not counted against the limit.
    if (path === '/rate_limit') {
      const bucketOf = (b: Bucket) => {
        const l = LIMITS[b][who];
        const u = used.get(`${who}:${b}`) ?? 0;
        return { limit: l, used: u, remaining: l - u, reset: GH_RESET_EPOCH };
      };
      const core = bucketOf('core');
      return send(200, {
        resources: { core, search: bucketOf('search'), code_search: bucketOf('code_search') },
        rate: core,
      });
    }
    if (path === '/search/repositories') {
      if (!query.q)
        // 422 "Validation Failed" with the field errors.
        return send(422, {
          message: 'Validation Failed',
          errors: [{ resource: 'Search', field: 'q', code: 'missing' }],
          documentation_url: `${DOCS}/search/search#search-repositories`,
          status: '422',
        });
      return search(SEARCH_REPOS);
    }
    if (path === '/search/code') return search(SEARCH_CODE);
    const user = /^\/users\/([^/]+)$/.exec(path);
    if (user) {
      if (decodeURIComponent(user[1] ?? '') !== GH_USER)
        return send(404, errorBody('Not Found', '/users/users#get-a-user', 404));
      return send(200, USER);
    }

    const route = /^\/repos\/([^/]+)\/([^/]+)(?:\/(.*))?$/.exec(path);
    if (!route) return send(404, errorBody('Not Found', '', 404));
    const [, owner, name, rest = ''] = route;
    const notFound = () => send(404, errorBody('Not Found', '/repos/repos#get-a-repository', 404));
    if (owner !== GH_OWNER || ![GH_REPO, GH_EMPTY_REPO, GH_BLOCKED_REPO].includes(name ?? ''))
      return notFound();
    // 451 with the block ("Repository access blocked").
    if (name === GH_BLOCKED_REPO)
      return send(451, {
        message: 'Repository access blocked',
        block: {
          reason: 'dmca',
          created_at: '2026-09-14T00:00:00Z',
          html_url: 'https://github.com/github/dmca/blob/master/2026/09/2026-09-14-example.md',
        },
      });
    if (rest === '') return send(200, repository(name ?? GH_REPO, name === GH_EMPTY_REPO ? 0 : 412));
    if (name === GH_EMPTY_REPO) {
      // 409 `Git Repository is empty.` on contents, commits and trees.
      if (/^(contents|commits|git\/trees)(\/|$)/.test(rest))
        return send(409, errorBody('Git Repository is empty.', '/git/trees#get-a-tree', 409));
      if (rest === 'releases/latest')
        return send(404, errorBody('Not Found', '/releases/releases#get-the-latest-release', 404));
      if (['branches', 'releases', 'issues', 'pulls'].includes(rest)) return list([]);
      return notFound();
    }
    if (rest === 'branches') return list(BRANCHES);
    if (rest === 'commits') return list(COMMITS);
    if (rest === 'releases') return list(RELEASES);
    if (rest === 'issues') return list(ISSUES);
    if (rest === 'pulls') return list(PULLS);
    // GET /releases/latest, /releases/tags/{tag}, /releases/{id} — "Get the latest release",
    // "Get a release by tag name", "Get a release": one `release`.
    if (rest === 'releases/latest')
      return send(
        200,
        RELEASES.find((r) => !r.draft && !r.prerelease),
      );
    const byTag = /^releases\/tags\/(.+)$/.exec(rest);
    if (byTag) {
      const release = RELEASES.find((r) => r.tag_name === decodeURIComponent(byTag[1] ?? ''));
      return release
        ? send(200, release)
        : send(404, errorBody('Not Found', '/releases/releases#get-a-release-by-tag-name', 404));
    }
    const byId = /^releases\/(\d+)$/.exec(rest);
    if (byId) {
      const release = RELEASES.find((r) => r.id === Number(byId[1]));
      return release
        ? send(200, release)
        : send(404, errorBody('Not Found', '/releases/releases#get-a-release', 404));
    }
    const treeRef = /^git\/trees\/(.+)$/.exec(rest);
    if (treeRef) {
      const at = decodeURIComponent(treeRef[1] ?? '');
      if (!BRANCHES.some((b) => b.name === at) && at !== sha(0x40))
        return send(404, errorBody('Not Found', '/git/trees#get-a-tree', 404));
      return send(200, tree());
    }
    const contents = /^contents(?:\/(.*))?$/.exec(rest);
    if (contents) {
      const filePath = (contents[1] ?? '').split('/').map(decodeURIComponent).join('/');
      const at = query.ref;
      if (at !== undefined && !BRANCHES.some((b) => b.name === at))
        return send(
          404,
          errorBody(`No commit found for the ref ${at}`, '/repos/contents#get-repository-content', 404),
        );
      const file = FILES.find((f) => f.path === filePath);
      if (file) return send(200, fileObject(file, at));
      // A symlink whose target is not a normal file of the repository: the symlink object
      // ("Response if content is a symlink"), with `target` and no content.
      if (filePath === GH_SYMLINK_PATH)
        return send(200, {
          type: 'symlink',
          target: '../../outside/notes.md',
          size: 22,
          name: 'notes-link',
          path: GH_SYMLINK_PATH,
          sha: sha(0x99),
          url: `${API}/repos/${GH_OWNER}/${GH_REPO}/contents/${GH_SYMLINK_PATH}`,
          git_url: `${API}/repos/${GH_OWNER}/${GH_REPO}/git/blobs/${sha(0x99)}`,
          html_url: `${HTML}/${GH_OWNER}/${GH_REPO}/blob/main/${GH_SYMLINK_PATH}`,
          download_url: `${RAW}/${GH_OWNER}/${GH_REPO}/main/${GH_SYMLINK_PATH}`,
          _links: {
            self: `${API}/repos/${GH_OWNER}/${GH_REPO}/contents/${GH_SYMLINK_PATH}`,
            git: null,
            html: null,
          },
        });
      const listing = directory(filePath, at);
      if (listing) return send(200, listing);
      return send(404, errorBody('Not Found', '/repos/contents#get-repository-content', 404));
    }
    return notFound();
  };

  const http = await startHttpDouble((req, _body, res) => handle(req, res));
  const self: GithubDouble = Object.assign(http, {
    calls: [] as GithubCall[],
    failNext: [] as QueuedAnswer[],
    lastRateHeaders: {},
    lastLink: undefined as string | undefined,
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    reset() {
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.lastRateHeaders = {};
      self.lastLink = undefined;
      used.clear();
    },
  });
  ref.self = self;
  return self;
}
