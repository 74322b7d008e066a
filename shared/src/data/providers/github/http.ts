// GET against the GitHub REST API through the guarded fetch, with GitHub's error mapping
// (https://docs.github.com/rest/using-the-rest-api/troubleshooting-the-rest-api,
// https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api,
// the vendor's documentation, the error table of docs/data-layer.md), as rows over the default
// table of http-errors.ts:
// - 401 (`Bad credentials`): the token is rejected, AuthFailedError (the router then asks the
//   public API and records it in `fallbackFrom`); the public API sends no credentials, so its 401
//   (`Requires authentication`) refuses this request only;
// - 403 or 429 with `x-ratelimit-remaining: 0`: the primary limit is exhausted, RateLimitedError
//   with the reset time (`x-ratelimit-reset`, epoch seconds) as an ISO timestamp in the message;
// - 403 or 429 with `retry-after`, any other 429, and a 403 whose message says it is a secondary
//   rate limit: RateLimitedError (with `retryAfterMs` when GitHub sent `retry-after`);
// - any other 403, 409 (empty repository), 422 (validation), 451 (blocked, with the block's
//   reason), 400 and other 4xx: RequestRefusedError with GitHub's message;
// - 404: NotFoundError (`not found: owner/repo …`), never a fallback;
// - 5xx and unusable bodies: ProviderError('failure'), transient for 5xx.
// Every answer's `x-ratelimit-*` headers are kept for `provenance.rateLimit`, and the `Link`
// header's rel="next" and rel="last" pages are read for pagination.
import type { z } from 'zod';
import { ProviderError, RateLimitedError } from '../../errors/data-errors.js';
import { parseRetryAfter } from '../../routing/retry-policy.js';
import { failedAnswer, jsonOf, type FailedAnswer } from '../http-answer.js';
import {
  failure,
  httpErrors,
  keyRejected,
  notFound,
  refused,
  transientFailure,
  type StatusRow,
} from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { endpointApiVersion } from './endpoints.js';
import { errorBodySchema } from './payloads.js';

/** GitHub refuses requests without a User-Agent. */
export const GITHUB_USER_AGENT = 'pkg-data/0.1 (code-hosting client)';

export const RATE_LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-used',
  'x-ratelimit-reset',
  'x-ratelimit-resource',
] as const;

const MAX_MESSAGE_CHARS = 300;

export interface GithubRequest {
  /** A path under the base, its segments already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** What the request is about, for messages: `octo/demo`, `user octocat`. */
  what: string;
  /** The NOT_FOUND message when it differs from `not found: <what>`. */
  notFound?: string;
}

export interface GithubReply<T> {
  data: T;
  rateLimit: Record<string, string> | undefined;
  /** The `page` of the Link header's rel="next" and rel="last" URLs, when present. */
  links: { next?: number; last?: number };
}

export type GithubGet = <S extends z.ZodType>(
  request: GithubRequest,
  schema: S,
) => Promise<GithubReply<z.infer<S>>>;

/** The `x-ratelimit-*` headers GitHub sent, by their names; undefined when there are none. */
export function rateLimitOf(headers: Headers): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const name of RATE_LIMIT_HEADERS) {
    const value = headers.get(name);
    if (value !== null && value !== '') out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The links of a `Link` header (RFC 8288): `<url>; rel="next", <url>; rel="last"`, each rel
 * mapped to its URL (a rel may list several space-separated values).
 */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  const entry = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g;
  for (let match = entry.exec(header); match !== null; match = entry.exec(header)) {
    const url = match[1] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    for (const name of (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).filter(Boolean))
      links[name.toLowerCase()] ??= url;
  }
  return links;
}

/** The `page` query parameter of a link URL, when it is a positive integer. */
export function pageOfLink(url: string | undefined): number | undefined {
  if (!url) return undefined;
  let page: string | null;
  try {
    page = new URL(url, 'https://api.github.com').searchParams.get('page');
  } catch {
    return undefined;
  }
  if (page === null || !/^\d+$/.test(page)) return undefined;
  const n = Number(page);
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** GitHub's message, with a 422's field errors and a 451's block reason, redacted and capped. */
function messageOf(text: string, redact: (s: string) => string): string | undefined {
  const body = jsonOf(text);
  const parsed = body === undefined ? undefined : errorBodySchema.safeParse(body);
  if (!parsed?.success) return undefined;
  const { message, errors, block } = parsed.data;
  const details = (errors ?? [])
    .map((e) =>
      typeof e === 'string'
        ? e
        : (e.message ?? [e.resource, e.field].filter(Boolean).join('.') + (e.code ? ` ${e.code}` : '')),
    )
    .filter((d) => d.trim() !== '');
  let out = message?.trim() ?? '';
  if (details.length > 0) out += ` (${details.slice(0, 5).join('; ')})`;
  if (block?.reason) out += ` (blocked: ${block.reason}${block.html_url ? `, ${block.html_url}` : ''})`;
  out = redact(out.trim());
  if (out === '') return undefined;
  return out.length > MAX_MESSAGE_CHARS ? `${out.slice(0, MAX_MESSAGE_CHARS)}…` : out;
}

/** The reset time of the exhausted window, as an ISO timestamp. */
function resetIso(headers: Headers): string | undefined {
  const reset = headers.get('x-ratelimit-reset');
  if (!reset || !/^\d+$/.test(reset.trim())) return undefined;
  const at = new Date(Number(reset.trim()) * 1000);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * A failed GitHub answer: `detail` is GitHub's message, `text` is `<what>: HTTP <status>: <detail>`
 * and `said` its `: <detail>` part (empty when GitHub sent none); `token` says whether the request
 * carried one.
 */
interface GithubFailure extends FailedAnswer {
  request: GithubRequest;
  said: string;
  token: boolean;
}

/** The options of a rate limit, with GitHub's `retry-after` in milliseconds when it sent one. */
function limited(a: GithubFailure) {
  const retryAfterMs = parseRetryAfter(a.response.headers.get('retry-after'));
  return { options: { ...a.options, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) }, retryAfterMs };
}

const exhausted = (a: GithubFailure) => a.response.headers.get('x-ratelimit-remaining')?.trim() === '0';

const GITHUB_ROWS: readonly StatusRow<GithubFailure>[] = [
  { status: 401, when: (a) => a.token, error: keyRejected((a) => `token rejected (HTTP 401${a.said})`) },
  { status: 401, error: refused((a) => `${a.text} (this request needs GITHUB_TOKEN)`) },
  {
    status: [403, 429],
    when: exhausted,
    error: (a) => {
      const resource = a.response.headers.get('x-ratelimit-resource')?.trim();
      const reset = resetIso(a.response.headers);
      return new RateLimitedError(
        `rate limit exhausted${resource ? ` (${resource})` : ''}${reset ? `; resets at ${reset}` : ''}: ${a.request.what}${a.said}`,
        limited(a).options,
      );
    },
  },
  {
    status: [403, 429],
    when: (a) => limited(a).retryAfterMs !== undefined,
    error: (a) => {
      const { options, retryAfterMs = 0 } = limited(a);
      return new RateLimitedError(
        `secondary rate limit; retry after ${Math.ceil(retryAfterMs / 1000)} s: ${a.request.what}${a.said}`,
        options,
      );
    },
  },
  {
    status: [403, 429],
    when: (a) => a.status === 429 || /secondary rate limit|rate limit exceeded/i.test(a.detail ?? ''),
    error: (a) => new RateLimitedError(`rate limited: ${a.text}`, limited(a).options),
  },
  { status: 404, error: notFound((a) => a.request.notFound ?? `not found: ${a.request.what}`) },
  {
    status: '5xx',
    error: transientFailure((a) =>
      a.detail ? a.text : `${a.request.what}: HTTP ${a.status} (non-JSON response)`,
    ),
  },
  { status: 'other', error: failure((a) => `${a.request.what}: unexpected HTTP ${a.status}`) },
];

const githubError = httpErrors(GITHUB_ROWS, { keyStatuses: [] });

export function createGithubGet(endpoint: ProviderEndpoint, context: ProviderContext): GithubGet {
  const token = endpoint.secrets[0];
  const provider = context.policy.provider;
  const options = { provider, redact: context.redact };
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': endpointApiVersion(endpoint),
    'user-agent': GITHUB_USER_AGENT,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };

  return async (request, schema) => {
    const url = new URL(`${endpoint.url}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await context.fetch({ url: url.toString(), method: 'GET', headers });
    const { status } = response;
    if (status < 200 || status >= 300) {
      const detail = messageOf(response.text, context.redact);
      const said = detail ? `: ${detail}` : '';
      const text = () => `${request.what}: HTTP ${status}${said}`;
      const failed = failedAnswer(response, { where: request.what, options, text });
      throw githubError({ ...failed, detail, request, said, token: Boolean(token) });
    }
    const body = jsonOf(response.text);
    if (body === undefined)
      throw new ProviderError('failure', `${request.what}: non-JSON response (HTTP ${status})`, {
        ...options,
        status,
      });
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new ProviderError('failure', `${request.what}: unexpected payload (HTTP ${status})`, {
        ...options,
        status,
      });
    const links = parseLinkHeader(response.headers.get('link'));
    const next = pageOfLink(links.next);
    const last = pageOfLink(links.last);
    return {
      data: parsed.data,
      rateLimit: rateLimitOf(response.headers),
      links: { ...(next !== undefined ? { next } : {}), ...(last !== undefined ? { last } : {}) },
    };
  };
}
