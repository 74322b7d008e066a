// Requests to the Gemini API through the guarded fetch, the key in `x-goog-api-key` only, with
// its error table (https://ai.google.dev/gemini-api/docs/troubleshooting; the Google API error
// model, https://google.aip.dev/193) mapped as docs/data-layer.md's AI rows say, as rows over the
// default table of http-errors.ts:
// - 401, and a 400 whose `google.rpc.ErrorInfo` reason is API_KEY_INVALID (the vendor answers a bad
//   key with 400 INVALID_ARGUMENT, not 401): AuthFailedError, the provider becomes auth_failed;
// - 429 RESOURCE_EXHAUSTED: RateLimitedError, with the wait of `google.rpc.RetryInfo.retryDelay`
//   ("27s") or else Retry-After (retried once when at most 5 s);
// - 400 (INVALID_ARGUMENT, FAILED_PRECONDITION), 403 PERMISSION_DENIED, 404 NOT_FOUND, 413, 422
//   and any other 4xx: RequestRefusedError, PROVIDER_ERROR without fallback;
// - 402 and 5xx (500 INTERNAL, 503 UNAVAILABLE, 504 DEADLINE_EXCEEDED): ProviderError('failure'),
//   transient (retried once) for 5xx;
// - a 2xx body that is not JSON or not the documented shape: a failure.
// Vendor messages pass through `context.redact`; no header value is ever put into a message.
import type { z } from 'zod';
import { RateLimitedError } from '../../errors/data-errors.js';
import { urlWithQuery } from '../endpoint-url.js';
import { jsonRequest, readAnswer, type FailedAnswer } from '../http-answer.js';
import { failure, httpErrors, keyRejected, type StatusRow } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { parseRetryAfter } from '../../routing/retry-policy.js';
import { errorBodySchema, type GeminiErrorBody } from './payloads.js';

const MAX_MESSAGE_CHARS = 500;
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const RETRY_INFO = 'type.googleapis.com/google.rpc.RetryInfo';

export interface GeminiRequest {
  /** A path under the base (`/models/...`). */
  path: string;
  query?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
}

export type GeminiCall = <S extends z.ZodType>(request: GeminiRequest, schema: S) => Promise<z.infer<S>>;

/** A `google.protobuf.Duration` in its JSON form ("27s", "0.5s") in milliseconds. */
export function durationMs(value: string | null | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value?.trim() ?? '');
  return match ? Math.ceil(Number(match[1]) * 1000) : undefined;
}

/** A failed Gemini answer, with its error body read (undefined when it is not one). */
interface GeminiFailure extends FailedAnswer {
  error: GeminiErrorBody | undefined;
}

const detailsOf = (a: GeminiFailure) => a.error?.error?.details ?? [];

/** Gemini's rows over the default table of http-errors.ts (see the file's head). */
const GEMINI_ROWS: readonly StatusRow<GeminiFailure>[] = [
  {
    status: 400,
    when: (a) => detailsOf(a).some((d) => d['@type'] === ERROR_INFO && d.reason === 'API_KEY_INVALID'),
    error: keyRejected(),
  },
  {
    status: 429,
    error: (a) => {
      const retryDelay = detailsOf(a).find((d) => d['@type'] === RETRY_INFO)?.retryDelay;
      const retryAfterMs = durationMs(retryDelay) ?? parseRetryAfter(a.response.headers.get('retry-after'));
      return new RateLimitedError(a.text, {
        ...a.options,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
    },
  },
  { status: 402, error: failure() },
];

const geminiError = httpErrors(GEMINI_ROWS, { keyStatuses: [401] });

function errorText(body: GeminiErrorBody | undefined): string | undefined {
  const error = body?.error;
  const message = error?.message?.trim();
  const text = [error?.status, message].filter(Boolean).join(' ');
  if (!text) return undefined;
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

export function createGeminiCall(endpoint: ProviderEndpoint, context: ProviderContext): GeminiCall {
  const key = endpoint.secrets[0] ?? '';
  const options = { provider: 'gemini', redact: context.redact };
  return async ({ path, query = {}, method = 'GET', body, timeoutMs, maxBytes }, schema) => {
    const response = await jsonRequest(context, {
      url: urlWithQuery(`${endpoint.url}${path}`, query).toString(),
      method,
      headers: { 'x-goog-api-key': key },
      body,
      timeoutMs,
      maxBytes,
    });
    const errorBodyOf = (json: unknown) => errorBodySchema.safeParse(json).data;
    return readAnswer(response, schema, {
      where: `gemini ${method} ${decodeURIComponent(path)}`,
      options,
      errorText: (json) => errorText(errorBodyOf(json)),
      errorOf: (failed) =>
        geminiError({ ...failed, error: failed.body === undefined ? undefined : errorBodyOf(failed.body) }),
    });
  };
}
