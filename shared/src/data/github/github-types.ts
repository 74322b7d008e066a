// The payloads of the code-hosting capabilities (docs/data-layer.md, "Code hosting and subgraphs"). GitHub's
// own objects (repository, commit, branch, release, issue, pull request, user, search items)
// are passed through as GitHub documents them; lists add the page they are and the pages that
// follow, read from the `Link` header. Contents are decoded.

export interface GithubPage<T = Record<string, unknown>> {
  items: T[];
  page: number;
  perPage: number;
  /** From the `Link` header: absent when there is no next (or last) page. */
  nextPage?: number;
  lastPage?: number;
  /** Searches: GitHub's `total_count` (at most 1,000 results are reachable). */
  totalCount?: number;
  /** Searches: GitHub's `incomplete_results`. */
  incompleteResults?: boolean;
  /** Issues: how many pull requests GitHub mixed into this page and were removed. */
  pullRequestsRemoved?: number;
}

export interface GithubFile {
  type: 'file';
  path: string;
  name: string;
  sha: string;
  size: number;
  /** The ref asked for; absent when the default branch was read. */
  ref?: string;
  downloadUrl?: string;
  htmlUrl?: string;
  /** The decoded text; absent for a binary file or one too large for the contents API. */
  text?: string;
  /** True when the bytes are not UTF-8 text: never returned as text. */
  binary?: boolean;
  /** True when GitHub sent no content (files of 1 to 100 MB): read it from downloadUrl. */
  tooLarge?: boolean;
}

export interface GithubDirectoryEntry {
  type: string;
  name: string;
  path: string;
  sha: string;
  size?: number;
  downloadUrl?: string;
}

export interface GithubDirectory {
  type: 'dir';
  path: string;
  ref?: string;
  entries: GithubDirectoryEntry[];
}

export interface GithubTree {
  sha: string;
  /** GitHub cut the recursive listing (100,000 entries or 7 MB). */
  truncated: boolean;
  entries: { path: string; mode: string; type: string; sha: string; size?: number }[];
}

/** A raw file from the raw-file host. */
export interface RawFile {
  url: string;
  size: number;
  contentType?: string;
  etag?: string;
  /** True when the bytes are not UTF-8 text: `text` is then absent. */
  binary: boolean;
  text?: string;
}

/** True when bytes are not text: a NUL byte, or not valid UTF-8. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}
