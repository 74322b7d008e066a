// raw.githubusercontent.com, the raw-file host: `GET {base}/{owner}/{repo}/{ref}/{path}` answers
// the file's bytes (text as `text/plain; charset=utf-8`, with an ETag), and a missing file, ref or
// repository with 404 and the plain-text body `404: Not Found` (GitHub documents the URL form only
// in passing). No credentials: the endpoint carries no secret, so the GitHub token can never reach
// this host. GITHUB_RAW_BASE_URL replaces the base (a mirror or a local double); caller-supplied
// URLs must be on exactly its scheme, host and port.
import type { DataEnv } from '../../config/env-vars.js';
import { GITHUB_RAW_BASE_URL } from '../../net/raw-file-url.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export { GITHUB_RAW_BASE_URL };

export function githubRawEndpoint(env: DataEnv): ProviderEndpoint {
  const base = (env.GITHUB_RAW_BASE_URL?.trim() || GITHUB_RAW_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    display: `${displayUrl(base)}/{owner}/{repo}/{ref}/{path} (no credentials)`,
    secrets: [],
  };
}
