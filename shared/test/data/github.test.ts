// GitHub, the code-hosting providers, through the real client against their doubles: the token
// provider (`github`), the public API (`github-public`) and the raw-file host (`github-raw`), in
// the provider table's order. Link pagination, provenance.rateLimit from the real headers, the
// anonymous fallback after a 401 (recorded), code search needing the token, every row of the
// code-hosting error table, decoded contents, issues without pull requests, the API-version
// header, the raw-URL refusal corpus with zero connections, size caps, binary files, the 60 s
// cache, and no token anywhere: not in a result, and never at the raw-file host.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDataClient } from '../../src/data/client.js';
import { createThrottleRegistry } from '../../src/data/net/throttle.js';
import { githubDescriptor, githubPublicDescriptor } from '../../src/data/providers/github/descriptor.js';
import { githubRawDescriptor } from '../../src/data/providers/github-raw/descriptor.js';
import type {
  GithubDirectory,
  GithubFile,
  GithubPage,
  GithubTree,
  RawFile,
} from '../../src/data/github/github-types.js';
import type { Result } from '../../src/contract/result-schema.js';
import { resultSchema } from '../../src/contract/result-schema.js';
import {
  GH_BLOCKED_REPO,
  GH_EMPTY_REPO,
  GH_OWNER,
  GH_README_TEXT,
  GH_REPO,
  GH_RESET_EPOCH,
  GH_SYMLINK_PATH,
  GH_USER,
  startGithubServer,
  type GithubDouble,
} from '../vendors/github-server.js';
import {
  RAW_PATHS,
  RAW_TEXT,
  startGithubRawServer,
  type GithubRawDouble,
} from '../vendors/github-raw-server.js';
import { fakeClock } from './doubles.js';

const TOKEN = 'ghp_0123456789abcdefTOKENsecret0000001';
const WRONG_TOKEN = 'ghp_wrong0123456789abcdefREJECTED0002';
const MiB = 1024 * 1024;
const repoParams = { owner: GH_OWNER, repo: GH_REPO };

let api: GithubDouble;
let raw: GithubRawDouble;
beforeAll(async () => {
  [api, raw] = await Promise.all([startGithubServer(TOKEN), startGithubRawServer()]);
});
afterAll(() => Promise.all([api.close(), raw.close()]));
beforeEach(() => {
  api.reset();
  raw.reset();
});

interface ClientOptions {
  /** `null`: no GITHUB_TOKEN at all. */
  token?: string | null;
  apiVersion?: string;
  /** `null`: GITHUB_RAW_BASE_URL unset (the default https://raw.githubusercontent.com). */
  rawBase?: string | null;
}

function client({ token = TOKEN, apiVersion, rawBase }: ClientOptions = {}) {
  const clock = fakeClock();
  const base = rawBase === null ? undefined : (rawBase ?? raw.origin);
  const c = createDataClient({
    env: {
      GITHUB_BASE_URL: api.origin,
      ...(base ? { GITHUB_RAW_BASE_URL: base } : {}),
      ...(token ? { GITHUB_TOKEN: token } : {}),
      ...(apiVersion ? { GITHUB_API_VERSION: apiVersion } : {}),
      PKG_NET_ALLOW_PRIVATE: '1',
    },
    providers: [githubDescriptor, githubPublicDescriptor, githubRawDescriptor],
    clock,
    throttles: createThrottleRegistry(),
  });
  return Object.assign(c, { clock });
}
type Client = ReturnType<typeof client>;

/** No token in anything the layer returned. */
function expectNoSecret(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(WRONG_TOKEN);
}

function live<T>(result: Result): T {
  expect(resultSchema.parse(result)).toMatchObject({ status: 'LIVE' });
  if (result.status !== 'LIVE') throw new Error(`not live: ${JSON.stringify(result)}`);
  return result.data as T;
}

const stateOf = (c: Client, id: string) => c.providers.list().find((p) => p.id === id);
const resetIso = new Date(GH_RESET_EPOCH * 1000).toISOString();

describe('github: API answers', () => {
  test('repo: GitHub repository object (nulls dropped), provenance github / global, 60 s expiry, documented headers with the bearer token', async () => {
    const c = client();
    const result = await c.github.repo(repoParams);
    const data = live<Record<string, unknown>>(result);
    expect(data).toMatchObject({
      full_name: `${GH_OWNER}/${GH_REPO}`,
      default_branch: 'main',
      stargazers_count: 345,
      owner: { login: GH_OWNER, type: 'Organization' },
      topics: ['demo', 'example'],
    });
    // `license: null` and `homepage: null`: absent, never a guess.
    expect(data).not.toHaveProperty('license');
    expect(data).not.toHaveProperty('homepage');
    if (result.status !== 'LIVE') return;
    expect(result.provenance).toMatchObject({ source: 'github', chain: 'global', fresh: true });
    expect(result.provenance).not.toHaveProperty('chainId');
    expect(result.provenance).not.toHaveProperty('fallbackFrom');
    expect(Date.parse(result.provenance.expiresAt ?? '') - Date.parse(result.provenance.fetchedAt)).toBe(
      60_000,
    );
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      method: 'GET',
      path: `/repos/${GH_OWNER}/${GH_REPO}`,
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/vnd.github+json',
      apiVersion: '2022-11-28',
    });
    expect(api.calls[0]?.userAgent).toMatch(/\S/);
    expectNoSecret(result);
    expectNoSecret(c.providers.list());
    await c.close();
  });

  test('Link pagination: nextPage and lastPage read from the absolute Link URLs of the double; per_page and page sent; one page, no Link, no nextPage', async () => {
    const c = client();
    const first = live<GithubPage>(await c.github.commits({ ...repoParams, perPage: 3 }));
    expect(api.lastLink).toContain(`<${api.origin}/repos/${GH_OWNER}/${GH_REPO}/commits?`);
    expect(first).toMatchObject({ page: 1, perPage: 3, nextPage: 2, lastPage: 3 });
    expect(first.items).toHaveLength(3);
    expect(api.calls[0]?.query).toEqual({ per_page: '3', page: '1' });

    const second = live<GithubPage>(await c.github.commits({ ...repoParams, perPage: 3, page: 2 }));
    expect(second).toMatchObject({ page: 2, nextPage: 3, lastPage: 3 });

    // The last page: Link has only prev and first.
    const last = live<GithubPage>(await c.github.commits({ ...repoParams, perPage: 3, page: 3 }));
    expect(api.lastLink).toMatch(/rel="prev"/);
    expect(last.items).toHaveLength(1);
    expect(last).not.toHaveProperty('nextPage');
    expect(last).not.toHaveProperty('lastPage');
    // The commit GitHub could not match to an account: `author: null` is absent.
    expect(first.items[0]).not.toHaveProperty('author');
    expect(first.items[1]).toHaveProperty('author.login', GH_USER);

    // Everything fits in one page: no Link header, no nextPage.
    const branches = live<GithubPage>(await c.github.branches(repoParams));
    expect(api.lastLink).toBeUndefined();
    expect(branches).toMatchObject({ page: 1, perPage: 30 });
    expect(branches).not.toHaveProperty('nextPage');
    expect(branches.items.map((b) => b.name)).toEqual([
      'main',
      'dev',
      'feature/login',
      'release/1.0',
      'gh-pages',
    ]);
    expect(api.calls.at(-1)?.query).toEqual({ per_page: '30', page: '1' });
    await c.close();
  });

  test('an empty list only when GitHub returned one', async () => {
    const c = client();
    const page = live<GithubPage>(await c.github.releases({ owner: GH_OWNER, repo: GH_EMPTY_REPO }));
    expect(page.items).toEqual([]);
    expect(api.calls.at(-1)?.path).toBe(`/repos/${GH_OWNER}/${GH_EMPTY_REPO}/releases`);
    await c.close();
  });

  test('provenance.rateLimit equals the x-ratelimit-* headers the double sent (token core, anonymous core, search)', async () => {
    const c = client();
    const withToken = await c.github.repo(repoParams);
    expect(withToken.status === 'LIVE' && withToken.provenance.rateLimit).toEqual(api.lastRateHeaders);
    expect(api.lastRateHeaders).toMatchObject({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      'x-ratelimit-used': '1',
      'x-ratelimit-reset': String(GH_RESET_EPOCH),
      'x-ratelimit-resource': 'core',
    });
    const search = await c.github.searchRepos({ query: 'demo language:typescript', sort: 'stars' });
    expect(search.status === 'LIVE' && search.provenance.rateLimit).toEqual(api.lastRateHeaders);
    expect(api.lastRateHeaders['x-ratelimit-resource']).toBe('search');
    await c.close();

    const anonymous = client({ token: null });
    const answer = await anonymous.github.user({ username: GH_USER });
    expect(answer.status === 'LIVE' && answer.provenance.rateLimit).toEqual(api.lastRateHeaders);
    expect(api.lastRateHeaders['x-ratelimit-limit']).toBe('60');
    await anonymous.close();
  });

  test('searches: totalCount and incompleteResults; query, sort, order, per_page and page sent', async () => {
    const c = client();
    const page = live<GithubPage>(
      await c.github.searchRepos({ query: 'demo', sort: 'stars', order: 'desc', perPage: 2 }),
    );
    expect(page).toMatchObject({
      totalCount: 3,
      incompleteResults: false,
      page: 1,
      perPage: 2,
      nextPage: 2,
      lastPage: 2,
    });
    expect(page.items.map((i) => i.full_name)).toEqual([`${GH_OWNER}/demo`, `${GH_OWNER}/demo-cli`]);
    expect(api.calls[0]).toMatchObject({
      path: '/search/repositories',
      query: { q: 'demo', sort: 'stars', order: 'desc', per_page: '2', page: '1' },
    });
    const code = live<GithubPage>(await c.github.searchCode({ query: 'answer repo:octo-org/demo' }));
    expect(code).toMatchObject({ totalCount: 2, incompleteResults: false });
    expect(code.items[0]).toMatchObject({
      path: 'src/index.ts',
      repository: { full_name: `${GH_OWNER}/${GH_REPO}` },
    });
    expect(api.calls[1]).toMatchObject({ path: '/search/code', authorization: `Bearer ${TOKEN}` });
    await c.close();
  });

  test('contents: a file decoded (sha, size, ref, download URL), the ref only when asked; a path encoded segment by segment', async () => {
    const c = client();
    const file = live<GithubFile>(await c.github.contents({ ...repoParams, path: 'README.md', ref: 'main' }));
    expect(file).toEqual({
      type: 'file',
      path: 'README.md',
      name: 'README.md',
      sha: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown,
      size: Buffer.byteLength(GH_README_TEXT),
      ref: 'main',
      downloadUrl: `https://raw.githubusercontent.com/${GH_OWNER}/${GH_REPO}/main/README.md`,
      htmlUrl: `https://github.com/${GH_OWNER}/${GH_REPO}/blob/main/README.md`,
      text: GH_README_TEXT,
    });
    expect(api.calls[0]).toMatchObject({
      path: `/repos/${GH_OWNER}/${GH_REPO}/contents/README.md`,
      query: { ref: 'main' },
    });
    const nested = live<GithubFile>(await c.github.contents({ ...repoParams, path: '/src/lib/util.ts' }));
    expect(nested).toMatchObject({ path: 'src/lib/util.ts', text: 'export const one = 1;\n' });
    expect(nested).not.toHaveProperty('ref');
    expect(api.calls[1]).toMatchObject({
      path: `/repos/${GH_OWNER}/${GH_REPO}/contents/src/lib/util.ts`,
      query: {},
    });

    const missing = await c.github.contents({ ...repoParams, path: 'docs/my file.md' });
    expect(missing).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    expect(api.calls[2]?.path).toBe(`/repos/${GH_OWNER}/${GH_REPO}/contents/docs/my%20file.md`);
    await c.close();
  });

  test('contents: a directory listing (directories without size or download URL), the root too', async () => {
    const c = client();
    const dir = live<GithubDirectory>(await c.github.contents({ ...repoParams, path: 'src' }));
    expect(dir).toMatchObject({ type: 'dir', path: 'src' });
    expect(dir.entries).toEqual([
      {
        type: 'file',
        name: 'index.ts',
        path: 'src/index.ts',
        sha: expect.any(String) as unknown,
        size: 26,
        downloadUrl: `https://raw.githubusercontent.com/${GH_OWNER}/${GH_REPO}/main/src/index.ts`,
      },
      { type: 'dir', name: 'lib', path: 'src/lib', sha: expect.any(String) as unknown },
    ]);
    const root = live<GithubDirectory>(await c.github.contents(repoParams));
    expect(root.path).toBe('');
    expect(root.entries.map((e) => e.name)).toEqual(['README.md', 'assets', 'data', 'src']);
    expect(api.calls[1]?.path).toBe(`/repos/${GH_OWNER}/${GH_REPO}/contents`);
    await c.close();
  });

  test('contents: a binary file is reported, never returned as text; a 1-100 MB file (encoding none) is tooLarge', async () => {
    const c = client();
    const logo = live<GithubFile>(await c.github.contents({ ...repoParams, path: 'assets/logo.png' }));
    expect(logo).toMatchObject({ type: 'file', binary: true, size: 29 });
    expect(logo).not.toHaveProperty('text');
    const big = live<GithubFile>(await c.github.contents({ ...repoParams, path: 'data/big.csv' }));
    expect(big).toMatchObject({ type: 'file', tooLarge: true, size: 3_145_728 });
    expect(big).not.toHaveProperty('text');
    expect(big).not.toHaveProperty('binary');
    // A symlink to something outside the repository is neither a file nor a directory.
    const link = await c.github.contents({ ...repoParams, path: GH_SYMLINK_PATH });
    expect(link).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(link.status === 'ERROR' && link.message).toMatch(
      /a symlink to \.\.\/\.\.\/outside\/notes\.md, neither a file nor a directory/,
    );
    await c.close();
  });

  test('tree: GET git/trees/{ref}?recursive=1, entries with size on blobs only, truncated as sent; a ref with a slash stays segments', async () => {
    const c = client();
    const tree = live<GithubTree>(await c.github.tree({ ...repoParams, ref: 'main' }));
    expect(tree.truncated).toBe(false);
    expect(tree.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(tree.entries.find((e) => e.path === 'src')).toEqual({
      path: 'src',
      mode: '040000',
      type: 'tree',
      sha: expect.any(String) as unknown,
    });
    expect(tree.entries.find((e) => e.path === 'README.md')).toMatchObject({
      type: 'blob',
      size: Buffer.byteLength(GH_README_TEXT),
    });
    expect(api.calls[0]).toMatchObject({
      path: `/repos/${GH_OWNER}/${GH_REPO}/git/trees/main`,
      query: { recursive: '1' },
    });
    live(await c.github.tree({ ...repoParams, ref: 'feature/login' }));
    expect(api.calls[1]?.path).toBe(`/repos/${GH_OWNER}/${GH_REPO}/git/trees/feature/login`);
    await c.close();
  });

  test('issues: pull requests removed from the page and counted; state and labels sent', async () => {
    const c = client();
    const page = live<GithubPage>(await c.github.issues({ ...repoParams, state: 'all', labels: 'bug' }));
    expect(page.items.map((i) => i.number)).toEqual([14, 12]);
    expect(page.pullRequestsRemoved).toBe(2);
    for (const item of page.items) {
      expect(item).not.toHaveProperty('pull_request');
      // `body: null`, `closed_at: null`: absent.
      expect(item).not.toHaveProperty('body');
    }
    expect(api.calls[0]?.query).toEqual({ state: 'all', labels: 'bug', per_page: '30', page: '1' });
    const pulls = live<GithubPage>(await c.github.pulls(repoParams));
    expect(pulls.items.map((p) => p.number)).toEqual([13, 11]);
    expect(api.calls[1]?.query).toEqual({ state: 'open', per_page: '30', page: '1' });
    await c.close();
  });

  test('releases: the list, the latest published one, by tag, by id; no published release is NOT_FOUND', async () => {
    const c = client();
    const list = live<GithubPage>(await c.github.releases(repoParams));
    expect(list.items.map((r) => r.tag_name)).toEqual(['v2.0.0-rc.1', 'v1.1.0', 'v1.0.0']);
    expect(live(await c.github.release(repoParams))).toMatchObject({ tag_name: 'v1.1.0', id: 5002 });
    expect(api.calls[1]?.path).toBe(`/repos/${GH_OWNER}/${GH_REPO}/releases/latest`);
    expect(live(await c.github.release({ ...repoParams, tag: 'v1.0.0' }))).toMatchObject({ id: 5001 });
    expect(api.calls[2]?.path).toBe(`/repos/${GH_OWNER}/${GH_REPO}/releases/tags/v1.0.0`);
    expect(live(await c.github.release({ ...repoParams, id: 5003 }))).toMatchObject({
      tag_name: 'v2.0.0-rc.1',
    });
    expect(api.calls[3]?.path).toBe(`/repos/${GH_OWNER}/${GH_REPO}/releases/5003`);
    const none = await c.github.release({ owner: GH_OWNER, repo: GH_EMPTY_REPO });
    expect(none).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    expect(none.status === 'ERROR' && none.message).toContain('no published release');
    await c.close();
  });

  test('user: GET /users/{username}, nulls dropped', async () => {
    const c = client();
    const user = live<Record<string, unknown>>(await c.github.user({ username: GH_USER }));
    expect(user).toMatchObject({ login: GH_USER, public_repos: 8, followers: 120, type: 'User' });
    expect(user).not.toHaveProperty('company');
    expect(api.calls[0]?.path).toBe(`/users/${GH_USER}`);
    await c.close();
  });
});

describe('github: token and public API', () => {
  test('a rejected token (401): github auth_failed, github-public answers, recorded in fallbackFrom; one request with the bearer token, one without', async () => {
    const c = client({ token: WRONG_TOKEN });
    const result = await c.github.repo(repoParams);
    live(result);
    if (result.status !== 'LIVE') return;
    expect(result.provenance.source).toBe('github-public');
    expect(result.provenance.fallbackFrom).toEqual([
      {
        provider: 'github',
        error: expect.stringMatching(/^auth_failed: token rejected.*Bad credentials/) as unknown,
      },
    ]);
    expect(api.calls.map((call) => call.authorization)).toEqual([`Bearer ${WRONG_TOKEN}`, undefined]);
    expect(stateOf(c, 'github')?.state.status).toBe('auth_failed');
    expect(stateOf(c, 'github-public')?.state.status).toBe('eligible');
    // From now on the public API answers directly.
    live(await c.github.user({ username: GH_USER }));
    expect(api.calls.slice(2).map((call) => call.authorization)).toEqual([undefined]);
    expectNoSecret(result);
    expectNoSecret(c.providers.list());
    await c.close();
  });

  test('no token: github is not configured (GITHUB_TOKEN) and github-public answers with no Authorization header at all', async () => {
    const c = client({ token: null });
    const result = await c.github.repo(repoParams);
    expect(result.status === 'LIVE' && result.provenance.source).toBe('github-public');
    expect(result.status === 'LIVE' && result.provenance).not.toHaveProperty('fallbackFrom');
    live(await c.github.contents({ ...repoParams, path: 'README.md' }));
    expect(api.calls).toHaveLength(2);
    for (const call of api.calls) {
      expect(call.authorization).toBeUndefined();
      expect(call.apiVersion).toBe('2022-11-28');
    }
    expect(stateOf(c, 'github')).toMatchObject({
      configured: false,
      reason: 'not configured (GITHUB_TOKEN)',
    });
    expect(stateOf(c, 'github-public')).toMatchObject({
      configured: true,
      role: 'code-hosting API (public)',
    });
    expect(stateOf(c, 'github-public')?.capabilities).not.toContain('github.searchCode');
    await c.close();
  });

  test('searchCode without a token: UNAVAILABLE naming GITHUB_TOKEN, zero requests', async () => {
    const c = client({ token: null });
    const result = await c.github.searchCode({ query: 'answer' });
    expect(result).toMatchObject({ status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE' });
    expect(JSON.stringify(result)).toContain('GITHUB_TOKEN');
    expect(api.requests).toBe(0);
    expect(api.connections).toBe(0);
    await c.close();
  });

  test('GITHUB_API_VERSION: 2022-11-28 by default, 2026-03-10 passed through, any other value leaves both API providers unconfigured', async () => {
    const c = client({ apiVersion: '2026-03-10' });
    live(await c.github.repo(repoParams));
    expect(api.calls[0]?.apiVersion).toBe('2026-03-10');
    await c.close();

    const wrong = client({ apiVersion: '2023-01-01' });
    const result = await wrong.github.repo(repoParams);
    expect(result).toMatchObject({ status: 'UNAVAILABLE' });
    expect(JSON.stringify(result)).toContain('GITHUB_API_VERSION must be 2022-11-28 or 2026-03-10');
    for (const id of ['github', 'github-public'])
      expect(stateOf(wrong, id)).toMatchObject({
        configured: false,
        reason: 'GITHUB_API_VERSION must be 2022-11-28 or 2026-03-10',
      });
    expect(stateOf(wrong, 'github-raw')?.configured).toBe(true);
    expect(api.calls).toHaveLength(1);
    await wrong.close();
  });

  test('health: GET /rate_limit, with the remaining counts', async () => {
    const c = client();
    const health = await c.providers.health();
    const sections = (health as { sections: Record<string, Result> }).sections;
    expect(live(sections.github as Result)).toMatchObject({
      authenticated: true,
      coreLimit: 5000,
      coreRemaining: 5000,
      searchLimit: 30,
    });
    expect(live(sections['github-public'] as Result)).toMatchObject({ authenticated: false, coreLimit: 60 });
    expect(live(sections['github-raw'] as Result)).toMatchObject({ reachable: true, status: 200 });
    expect(api.calls.map((call) => call.path)).toEqual(['/rate_limit', '/rate_limit']);
    expect(raw.calls.map((call) => call.path)).toEqual([RAW_PATHS.health]);
    expectNoSecret(health);
    await c.close();
  });

  test('code-hosting results are cached 60 s: the second identical call is CACHED without a request', async () => {
    const c = client();
    live(await c.github.repo(repoParams));
    const second = await c.github.repo(repoParams);
    expect(second).toMatchObject({
      status: 'CACHED',
      provenance: { source: 'github', cache: { ttlMs: 60_000 }, fresh: false },
    });
    expect(api.calls).toHaveLength(1);
    c.clock.advance(59_999);
    expect((await c.github.repo(repoParams)).status).toBe('CACHED');
    c.clock.advance(1);
    expect((await c.github.repo(repoParams)).status).toBe('LIVE');
    expect(api.calls).toHaveLength(2);
    // Raw files too.
    const url = `${raw.origin}${RAW_PATHS.text}`;
    live(await c.github.raw({ url }));
    expect((await c.github.raw({ url })).status).toBe('CACHED');
    expect(raw.requests).toBe(1);
    await c.close();
  });
});

describe('github: the error table', () => {
  const reposPath = new RegExp(`^/repos/${GH_OWNER}/${GH_REPO}$`);

  test('401 bad credentials: github auth_failed (pinned: no fallback), the token never shown', async () => {
    const c = client({ token: WRONG_TOKEN });
    const result = await c.run('github.repo', repoParams, { provider: 'github' });
    expect(result).toMatchObject({ status: 'ERROR', attemptedProviders: [{ provider: 'github' }] });
    expect(result.status === 'ERROR' && result.attemptedProviders[0]?.error).toMatch(
      /^auth_failed: .*Bad credentials/,
    );
    expect(stateOf(c, 'github')?.state.status).toBe('auth_failed');
    expect(api.calls).toHaveLength(1);
    expectNoSecret(result);
    await c.close();
  });

  const rows: {
    name: string;
    answer: { status: number; body: unknown; headers?: Record<string, string> };
    code: string;
    message: RegExp;
  }[] = [
    {
      name: '403 with x-ratelimit-remaining 0 (primary limit)',
      answer: {
        status: 403,
        body: {
          message:
            "API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        },
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '60' },
      },
      code: 'RATE_LIMITED',
      message: new RegExp(
        `rate limit exhausted \\(core\\); resets at ${resetIso.replace(/\./g, '\\.')}.*API rate limit exceeded`,
      ),
    },
    {
      name: '429 with x-ratelimit-remaining 0',
      answer: {
        status: 429,
        body: { message: 'API rate limit exceeded for 203.0.113.7.' },
        headers: { 'x-ratelimit-remaining': '0' },
      },
      code: 'RATE_LIMITED',
      message: new RegExp(`resets at ${resetIso.replace(/\./g, '\\.')}`),
    },
    {
      name: '403 secondary limit with retry-after',
      answer: {
        status: 403,
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        headers: { 'retry-after': '60' },
      },
      code: 'RATE_LIMITED',
      message: /secondary rate limit; retry after 60 s/,
    },
    {
      name: '429 secondary limit with retry-after',
      answer: {
        status: 429,
        body: { message: 'You have exceeded a secondary rate limit.' },
        headers: { 'retry-after': '30' },
      },
      code: 'RATE_LIMITED',
      message: /retry after 30 s/,
    },
    {
      name: 'other 403',
      answer: {
        status: 403,
        body: {
          message: 'Resource not accessible by personal access token',
          documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
          status: '403',
        },
      },
      code: 'PROVIDER_ERROR',
      message: /HTTP 403: Resource not accessible by personal access token/,
    },
    {
      name: '422 validation failed',
      answer: {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [{ resource: 'Search', field: 'q', code: 'missing' }],
          documentation_url: 'https://docs.github.com/rest/search/search#search-repositories',
          status: '422',
        },
      },
      code: 'PROVIDER_ERROR',
      message: /HTTP 422: Validation Failed \(Search\.q missing\)/,
    },
  ];

  for (const row of rows) {
    test(`${row.name} → ${row.code} (public API), the message GitHub's`, async () => {
      const c = client({ token: null });
      api.failNext.push({ match: reposPath, ...row.answer });
      const result = await c.github.repo(repoParams);
      expect(result).toMatchObject({ status: 'ERROR', code: row.code });
      const text =
        result.status === 'ERROR'
          ? `${result.message} ${result.attemptedProviders.map((a) => a.error).join(' ')}`
          : '';
      expect(text).toMatch(row.message);
      expect(api.calls).toHaveLength(1);
      expect(stateOf(c, 'github-public')?.state.status).not.toBe('auth_failed');
      await c.close();
    });
  }

  test('rate limited with the token: the public API is tried next; both limited → RATE_LIMITED', async () => {
    const c = client();
    const exhausted = {
      status: 403,
      body: { message: 'API rate limit exceeded for user ID 1.' },
      headers: { 'x-ratelimit-remaining': '0' },
    };
    api.failNext.push({ match: reposPath, ...exhausted }, { match: reposPath, ...exhausted });
    const result = await c.github.repo(repoParams);
    expect(result).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      attemptedProviders: [{ provider: 'github' }, { provider: 'github-public' }],
    });
    expect(api.calls.map((call) => call.authorization)).toEqual([`Bearer ${TOKEN}`, undefined]);
    expectNoSecret(result);
    await c.close();
  });

  test("409 empty repository → PROVIDER_ERROR with GitHub's message, no fallback", async () => {
    const c = client();
    for (const run of [
      () => c.github.contents({ owner: GH_OWNER, repo: GH_EMPTY_REPO, path: 'README.md' }),
      () => c.github.commits({ owner: GH_OWNER, repo: GH_EMPTY_REPO }),
      () => c.github.tree({ owner: GH_OWNER, repo: GH_EMPTY_REPO, ref: 'main' }),
    ]) {
      const result = await run();
      expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
      expect(result.status === 'ERROR' && result.message).toMatch(/HTTP 409: Git Repository is empty\./);
    }
    expect(api.calls).toHaveLength(3);
    expect(api.calls.every((call) => call.authorization === `Bearer ${TOKEN}`)).toBe(true);
    await c.close();
  });

  test('451 blocked → PROVIDER_ERROR with the block reason', async () => {
    const c = client();
    const result = await c.github.repo({ owner: GH_OWNER, repo: GH_BLOCKED_REPO });
    expect(result).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(result.status === 'ERROR' && result.message).toMatch(
      /HTTP 451: Repository access blocked \(blocked: dmca/,
    );
    expect(api.calls).toHaveLength(1);
    await c.close();
  });

  test('404 → NOT_FOUND naming the repository, no fallback', async () => {
    const c = client();
    const result = await c.github.repo({ owner: GH_OWNER, repo: 'nope' });
    expect(result).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    expect(result.status === 'ERROR' && result.message).toBe(`not found: ${GH_OWNER}/nope`);
    expect(api.calls).toHaveLength(1);
    const user = await c.github.user({ username: 'nobody-here' });
    expect(user).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
      message: 'not found: user nobody-here',
    });
    await c.close();
  });

  test('5xx: a provider failure, the next provider tried (recorded); a non-JSON 5xx too', async () => {
    const c = client();
    api.failNext.push({ match: reposPath, status: 502, raw: '<html>Bad gateway</html>' });
    const result = await c.github.repo(repoParams);
    expect(result.status === 'LIVE' && result.provenance).toMatchObject({
      source: 'github-public',
      fallbackFrom: [{ provider: 'github', error: `${GH_OWNER}/${GH_REPO}: HTTP 502 (non-JSON response)` }],
    });
    expect(stateOf(c, 'github')?.state).toMatchObject({ status: 'eligible', consecutiveFailures: 1 });
    await c.close();
  });
});

describe('github-raw', () => {
  test('a UTF-8 text file comes back as text with size, content type and ETag; no Authorization although GITHUB_TOKEN is set', async () => {
    const c = client();
    const url = `${raw.origin}${RAW_PATHS.text}`;
    const result = await c.github.raw({ url });
    const file = live<RawFile>(result);
    expect(file).toEqual({
      url,
      size: Buffer.byteLength(RAW_TEXT),
      contentType: 'text/plain; charset=utf-8',
      etag: '"text-etag-1"',
      binary: false,
      text: RAW_TEXT,
    });
    expect(result.status === 'LIVE' && result.provenance).toMatchObject({
      source: 'github-raw',
      chain: 'global',
    });
    expect(raw.calls).toEqual([{ path: RAW_PATHS.text, authorization: undefined }]);
    expect(api.requests).toBe(0);
    expectNoSecret(result);
    await c.close();
  });

  test('a binary file (NUL bytes) is reported binary: true with no text', async () => {
    const c = client();
    const file = live<RawFile>(await c.github.raw({ url: `${raw.origin}${RAW_PATHS.binary}` }));
    expect(file).toMatchObject({ binary: true, size: 14, contentType: 'image/png' });
    expect(file).not.toHaveProperty('text');
    await c.close();
  });

  test('size caps: a 6 MiB file is refused at maxBytes 5 MiB; the default 1 MiB refuses a 2 MiB file; maxBytes over 5 MiB is INVALID_INPUT', async () => {
    const c = client();
    const six = await c.github.raw({ url: `${raw.origin}${RAW_PATHS.sixMiB}`, maxBytes: 5 * MiB });
    expect(six).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(six.status === 'ERROR' && six.message).toContain(`larger than ${5 * MiB} bytes`);
    const two = await c.github.raw({ url: `${raw.origin}${RAW_PATHS.twoMiB}` });
    expect(two).toMatchObject({ status: 'ERROR', code: 'PROVIDER_ERROR' });
    expect(two.status === 'ERROR' && two.message).toContain(`larger than ${MiB} bytes`);
    // Under its cap the 2 MiB file is read.
    expect(
      live<RawFile>(await c.github.raw({ url: `${raw.origin}${RAW_PATHS.twoMiB}`, maxBytes: 3 * MiB })).size,
    ).toBe(2 * MiB);
    const requests = raw.requests;
    const over = await c.github.raw({ url: `${raw.origin}${RAW_PATHS.text}`, maxBytes: 6 * MiB });
    expect(over).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    expect(raw.requests).toBe(requests);
    await c.close();
  });

  test('404 (`404: Not Found`) → NOT_FOUND; 429 → RATE_LIMITED; a redirect to another host is refused by the guard', async () => {
    const c = client();
    const missing = await c.github.raw({ url: `${raw.origin}/${GH_OWNER}/${GH_REPO}/main/nope.txt` });
    expect(missing).toMatchObject({
      status: 'ERROR',
      code: 'NOT_FOUND',
      message: `not found: ${GH_OWNER}/${GH_REPO} nope.txt at main`,
    });
    raw.failNext.push({ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '120' } });
    const limited = await c.github.raw({ url: `${raw.origin}${RAW_PATHS.binary}` });
    expect(limited).toMatchObject({ status: 'ERROR', code: 'RATE_LIMITED' });
    raw.redirectNext = 'https://evil.example/octo-org/demo/main/README.md';
    const redirected = await c.github.raw({ url: `${raw.origin}${RAW_PATHS.text}` });
    expect(redirected).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(JSON.stringify(redirected)).toContain('HOST_NOT_ALLOWED');
    expect(raw.calls.map((call) => call.path)).toEqual([
      `/${GH_OWNER}/${GH_REPO}/main/nope.txt`,
      RAW_PATHS.binary,
      RAW_PATHS.text,
    ]);
    await c.close();
  });

  test('the refusal corpus: each URL is INVALID_INPUT with zero connections to the raw double', async () => {
    const c = client();
    const o = raw.origin;
    const port = raw.port;
    const corpus: [string, string, RegExp][] = [
      ['another host', `http://example.com/${GH_OWNER}/${GH_REPO}/main/README.md`, /must be on 127\.0\.0\.1/],
      [
        'another host (localhost)',
        `http://localhost:${port}/${GH_OWNER}/${GH_REPO}/main/README.md`,
        /must be on/,
      ],
      [
        'another port',
        `http://127.0.0.1:${port === 1 ? 2 : 1}/${GH_OWNER}/${GH_REPO}/main/README.md`,
        /another port/,
      ],
      ['a query', `${o}${RAW_PATHS.text}?token=1`, /query/],
      ['an empty query', `${o}${RAW_PATHS.text}?`, /query/],
      ['a fragment', `${o}${RAW_PATHS.text}#L1`, /fragment/],
      ['a .. segment', `${o}/${GH_OWNER}/${GH_REPO}/main/../secret.txt`, /\.\. segments/],
      ['a . segment', `${o}/${GH_OWNER}/${GH_REPO}/main/./README.md`, /\.\. segments/],
      ['%2e%2e', `${o}/${GH_OWNER}/${GH_REPO}/main/%2e%2e/secret.txt`, /encoded dot, slash or backslash/],
      ['%2E%2E upper case', `${o}/${GH_OWNER}/${GH_REPO}/main/%2E%2E/secret.txt`, /encoded/],
      ['%2f', `${o}/${GH_OWNER}/${GH_REPO}/main/docs%2fREADME.md`, /encoded/],
      ['%5c', `${o}/${GH_OWNER}/${GH_REPO}/main/docs%5cREADME.md`, /encoded/],
      ['credentials', `http://user:pass@127.0.0.1:${port}${RAW_PATHS.text}`, /credentials/],
      ['a user name only', `http://user@127.0.0.1:${port}${RAW_PATHS.text}`, /credentials/],
      ['https against an http base', `https://127.0.0.1:${port}${RAW_PATHS.text}`, /must use http/],
      ['too few segments', `${o}/${GH_OWNER}/${GH_REPO}/main`, /owner.*repo.*ref.*path/],
      ['an empty segment', `${o}/${GH_OWNER}//main/README.md`, /empty path segments/],
      ['a backslash', `${o}/${GH_OWNER}/${GH_REPO}/main\\README.md`, /backslash/],
      ['not a URL', 'raw.githubusercontent.com/o/r/main/f', /not a URL/],
      ['file:', 'file:///etc/passwd', /must use http/],
    ];
    for (const [name, url, problem] of corpus) {
      const result = await c.github.raw({ url });
      expect(result, name).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
      expect(result.status === 'ERROR' && result.message, name).toMatch(problem);
      expect(result.status === 'ERROR' && result.message, name).toMatch(/^raw URL /);
      // The caller's URL (and any credentials in it) is not echoed.
      expect(JSON.stringify(result), name).not.toContain('pass@');
    }
    expect(raw.requests).toBe(0);
    expect(raw.connections).toBe(0);
    expect(api.requests).toBe(0);
    await c.close();
  });

  test('http when the base is https (the default raw.githubusercontent.com) is refused before any request', async () => {
    const c = client({ rawBase: null });
    for (const url of [
      'http://raw.githubusercontent.com/o/r/main/f',
      'https://raw.githubusercontent.com:8443/o/r/main/f',
      'https://gist.githubusercontent.com/o/r/main/f',
      'https://raw.githubusercontent.com.evil.example/o/r/main/f',
    ]) {
      const result = await c.github.raw({ url });
      expect(result, url).toMatchObject({ status: 'ERROR', code: 'INVALID_INPUT' });
    }
    const scheme = await c.github.raw({ url: 'http://raw.githubusercontent.com/o/r/main/f' });
    expect(scheme.status === 'ERROR' && scheme.message).toBe('raw URL must use https');
    expect(raw.requests).toBe(0);
    expect(raw.connections).toBe(0);
    await c.close();
  });

  // Runs last in this file: every test above used GITHUB_TOKEN or a rejected token somewhere.
  test('no Authorization header ever reached the raw-file host in this whole file', () => {
    expect(raw.authorizations).toEqual([]);
  });
});
