// Raw-file URLs (docs/data-layer.md, "Code hosting and subgraphs"): exactly the raw-file host's scheme, host
// and port (`GITHUB_RAW_BASE_URL`, default https://raw.githubusercontent.com), a path of
// owner/repo/ref/file, and nothing else: no credentials, query, fragment, `..` or `.` segment,
// and no percent-encoded dot, slash or backslash. Checked on the text as given, before the URL
// parser normalizes anything away.
export const GITHUB_RAW_BASE_URL = 'https://raw.githubusercontent.com';

export interface RawFileTarget {
  url: string;
  owner: string;
  repo: string;
  ref: string;
  path: string;
}

export function parseRawFileUrl(input: string, base: string): RawFileTarget | { problem: string } {
  const raw = input.trim();
  if (/[\s\\]/.test(raw)) return { problem: 'must not contain spaces or backslashes' };
  if (/%(2e|2f|5c)/i.test(raw)) return { problem: 'must not contain an encoded dot, slash or backslash' };
  let url: URL;
  let root: URL;
  try {
    url = new URL(raw);
    root = new URL(base);
  } catch {
    return { problem: 'is not a URL' };
  }
  if (url.protocol !== root.protocol) return { problem: `must use ${root.protocol.replace(':', '')}` };
  if (url.username || url.password || /^[a-z]+:\/\/[^/]*@/i.test(raw))
    return { problem: 'must not carry credentials' };
  if (url.hostname !== root.hostname) return { problem: `must be on ${root.hostname}` };
  if (url.port !== root.port) return { problem: 'must not name another port' };
  if (raw.includes('?') || url.search) return { problem: 'must not have a query' };
  if (raw.includes('#') || url.hash) return { problem: 'must not have a fragment' };
  const afterHost = raw.replace(/^[a-z]+:\/\/[^/]*/i, '');
  const segments = afterHost.split('/').slice(1);
  if (segments.some((s) => s === '..' || s === '.')) return { problem: 'must not contain . or .. segments' };
  if (segments.some((s) => s === '')) return { problem: 'must not contain empty path segments' };
  if (segments.length < 4) return { problem: 'must be a file URL: /<owner>/<repo>/<ref>/<path>' };
  const [owner, repo, ref, ...path] = segments as [string, string, string, ...string[]];
  return { url: url.href, owner, repo, ref, path: path.join('/') };
}
