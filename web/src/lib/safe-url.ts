// Links built from what a record or a publisher says (a CI run's URL, a repository): a URL is a
// link only when it is http(s), and a commit links to its repository only on the host the build's
// platform names (docs/website.md, "The version page"). Anything else stays text.
import type { BuildIdentity } from '@pkg/shared/contract';

/** `value` as an absolute http(s) URL, or undefined (`javascript:`, `data:`, relative, malformed). */
export function safeHttpUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  return url.href;
}

const REPOSITORY = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)+$/;
const COMMIT = /^[0-9a-f]{7,64}$/i;

/** Where the platform's repositories live: github.com for GitHub; for GitLab, its https issuer. */
function repositoryHost(build: Pick<BuildIdentity, 'platform' | 'issuer'>): string | undefined {
  if (build.platform === 'github') return 'https://github.com';
  const issuer = safeHttpUrl(build.issuer);
  return issuer?.startsWith('https://') ? new URL(issuer).origin : undefined;
}

/** The repository's page of `commit` on its platform's host, or undefined when any part looks wrong. */
export function commitUrl(
  build: Pick<BuildIdentity, 'platform' | 'issuer' | 'repository' | 'commit'>,
): string | undefined {
  const host = repositoryHost(build);
  const segments = build.repository.split('/');
  if (!host || !REPOSITORY.test(build.repository) || !COMMIT.test(build.commit)) return undefined;
  if (segments.some((s) => s === '.' || s === '..')) return undefined;
  const path = segments.map(encodeURIComponent).join('/');
  const commit = encodeURIComponent(build.commit);
  return build.platform === 'github'
    ? `${host}/${path}/commit/${commit}`
    : `${host}/${path}/-/commit/${commit}`;
}

/** The first 7 characters of a commit id, as git shows it. */
export const shortCommit = (commit: string): string => commit.slice(0, 7);
