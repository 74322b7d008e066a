// The raw-file host runtime: `github.raw`. The caller's URL is checked with parseRawFileUrl
// against the configured base (exactly its scheme, host and port; owner/repo/ref/path; no
// credentials, query, fragment, dot segments or encoded separators) BEFORE any request: a
// problem is INVALID_INPUT with no connection. The file is read through the guarded fetch with
// the caller's size cap (1 MiB default, 5 MiB at most) and its bytes; redirects are re-checked
// there (another host is refused). No Authorization header is ever sent. A binary file (a NUL
// byte or invalid UTF-8) is reported with `binary: true` and never returned as text. A failed
// answer: 404 not found, 429 a rate limit, 5xx a transient failure, any other status refused (rows
// over the default table of http-errors.ts, without a key).
import {
  InvalidInputError,
  ProviderError,
  RequestRefusedError,
  findProviderError,
  NetworkGuardError,
} from '../../errors/data-errors.js';
import { looksBinary, type RawFile } from '../../github/github-types.js';
import { RAW_FILE_LIMITS } from '../../limits.js';
import { parseRawFileUrl } from '../../net/raw-file-url.js';
import { failedAnswer } from '../http-answer.js';
import { httpErrors, notFound, rateLimited, refused } from '../http-errors.js';
import type { ProviderFactory } from '../provider-types.js';

export const GITHUB_RAW_USER_AGENT = 'pkg-data/0.1 (raw-file client)';
/** The health probe: the README of GitHub's documented example repository. */
export const RAW_HEALTH_PATH = '/octocat/Hello-World/master/README';
const HEALTH_MAX_BYTES = 64 * 1024;

/** `where` is the file asked for (`owner/repo path at ref`). */
const rawFileError = httpErrors(
  [
    { status: 404, error: notFound((a) => `not found: ${a.where}`) },
    { status: 429, error: rateLimited((a) => `raw file host rate limit: ${a.where}`) },
    { status: 'other', error: refused() },
  ],
  { keyStatuses: [] },
);

export const createGithubRawProvider: ProviderFactory = (endpoint, context) => {
  const options = { provider: context.policy.provider, redact: context.redact };
  // Only these headers, ever: no credentials of any kind.
  const headers = { accept: '*/*', 'user-agent': GITHUB_RAW_USER_AGENT };

  const read = async (url: string, maxBytes: number) => {
    try {
      return await context.fetch({ url, method: 'GET', headers, maxBytes, bytes: true });
    } catch (error) {
      const known = findProviderError(error);
      if (known instanceof NetworkGuardError && known.reason === 'RESPONSE_TOO_LARGE')
        throw new RequestRefusedError(
          `raw file larger than ${maxBytes} bytes (maxBytes; at most ${RAW_FILE_LIMITS.maxBytes})`,
          options,
        );
      throw error;
    }
  };

  return {
    handlers: {
      'github.raw': async (params) => {
        const target = parseRawFileUrl(String(params.url), endpoint.url);
        if ('problem' in target) throw new InvalidInputError(`raw URL ${target.problem}`, options);
        const maxBytes = typeof params.maxBytes === 'number' ? params.maxBytes : RAW_FILE_LIMITS.bytes;
        const what = `${target.owner}/${target.repo} ${target.path} at ${target.ref}`;
        const response = await read(target.url, maxBytes);
        const { status } = response;
        if (status < 200 || status >= 300) {
          const text = () => `${what}: HTTP ${status}`;
          throw rawFileError(failedAnswer(response, { where: what, options, text }));
        }
        const bytes = response.bytes ?? new TextEncoder().encode(response.text);
        const binary = looksBinary(bytes);
        const contentType = response.headers.get('content-type') || undefined;
        const etag = response.headers.get('etag') || undefined;
        const file: RawFile = {
          url: target.url,
          size: bytes.byteLength,
          ...(contentType ? { contentType } : {}),
          ...(etag ? { etag } : {}),
          binary,
          ...(binary ? {} : { text: new TextDecoder('utf-8').decode(bytes) }),
        };
        return { data: file };
      },
    },
    // One small GET; a 404 in the host's own plain-text form also proves the host answers.
    health: async () => {
      const response = await read(`${endpoint.url}${RAW_HEALTH_PATH}`, HEALTH_MAX_BYTES);
      const answered =
        response.status === 200 || (response.status === 404 && /404: Not Found/.test(response.text));
      if (!answered)
        throw new ProviderError('failure', `raw file host answered HTTP ${response.status}`, {
          ...options,
          status: response.status,
          transient: response.status >= 500,
        });
      return { reachable: true, probe: RAW_HEALTH_PATH, status: response.status };
    },
  };
};
