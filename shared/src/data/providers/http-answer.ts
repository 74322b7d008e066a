// What every vendor's GET helper reads the same way from an answer: the body as JSON (or
// undefined when it is not JSON: an HTML error page, a plain-text rate-limit notice), a rate
// limit with the vendor's `Retry-After`, when it sent one, for the retry policy, and a failed
// answer's message (`where: HTTP 400 <vendor text>`) handed to the vendor's error table
// (http-errors.ts: the default rows and the vendor's own).
import type { z } from 'zod';
import { ProviderError, RateLimitedError, type ProviderErrorOptions } from '../errors/data-errors.js';
import type { GuardedResponse } from '../net/guarded-fetch.js';
import type { ProviderContext } from './provider-types.js';
import { parseRetryAfter } from '../routing/retry-policy.js';

/** The body parsed as JSON; undefined when it is not JSON (JSON itself never parses to undefined). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A RateLimitedError carrying the answer's `Retry-After` (in milliseconds) when there is one. */
export function rateLimitedError(
  message: string,
  response: Pick<GuardedResponse, 'headers'>,
  options: ProviderErrorOptions,
): RateLimitedError {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return new RateLimitedError(message, {
    ...options,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

/** A request with a JSON body (when there is one) asking for JSON, through the guarded fetch. */
export function jsonRequest(
  context: Pick<ProviderContext, 'fetch'>,
  request: {
    url: string;
    method?: 'GET' | 'POST' | undefined;
    headers: Record<string, string>;
    body?: unknown;
    timeoutMs?: number | undefined;
    maxBytes?: number | undefined;
  },
): Promise<GuardedResponse> {
  const { body, timeoutMs, maxBytes } = request;
  return context.fetch({
    url: request.url,
    method: request.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
  });
}

/** A 2xx answer's body read against `schema`: not JSON, or not of the documented shape, is a failure. */
export function parsedBody<S extends z.ZodType>(
  response: GuardedResponse,
  schema: S,
  where: string,
  options: ProviderErrorOptions,
): z.infer<S> {
  const withStatus = { ...options, status: response.status };
  const json = jsonOf(response.text);
  if (json === undefined)
    throw new ProviderError('failure', `${where}: non-JSON response (HTTP ${response.status})`, withStatus);
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ProviderError('failure', `${where}: unexpected payload (HTTP ${response.status})`, withStatus);
  return parsed.data;
}

/** A vendor's message trimmed and capped at `maxChars`; undefined when it sent none. */
export function cappedText(text: string | null | undefined, maxChars = 200): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  return trimmed.length > maxChars ? `${trimmed.slice(0, maxChars)}…` : trimmed;
}

/** What a vendor's error table (http-errors.ts) reads of a failed answer. */
export interface FailedAnswer {
  status: number;
  /** The body as JSON; undefined when it is not JSON. */
  body: unknown;
  /** The vendor's own text in the body, when it sent one. */
  detail: string | undefined;
  /** What was asked (`finnhub GET /quote`, a path): the start of every message. */
  where: string;
  /** `where: HTTP 400 <detail>`, or `where: non-JSON response (HTTP 502)`. */
  text: string;
  response: GuardedResponse;
  /** The options with the answer's status. */
  options: ProviderErrorOptions;
}

/** `where: HTTP 400 <detail>`. */
export function httpText(where: string, status: number, detail?: string): string {
  return `${where}: HTTP ${status}${detail ? ` ${detail}` : ''}`;
}

/** The answer's text as `where: HTTP 400 <detail>`, whether or not its body is JSON. */
export function httpTextOf(answer: Omit<FailedAnswer, 'text'>): string {
  return httpText(answer.where, answer.status, answer.detail);
}

/** `where: non-JSON response (HTTP 502)`. */
export function nonJsonText(where: string, status: number): string {
  return `${where}: non-JSON response (HTTP ${status})`;
}

/** The answer's text, said as a non-JSON response when its body is not JSON. */
export function failureText(answer: FailedAnswer): string {
  return answer.body === undefined ? nonJsonText(answer.where, answer.status) : answer.text;
}

export interface FailedAnswerReading {
  where: string;
  options: ProviderErrorOptions;
  /** The vendor's error text in a parsed error body. */
  errorText?: ((body: unknown) => string | undefined) | undefined;
  /** The message text, when the vendor words it otherwise than `where: HTTP 400 <detail>`. */
  text?: ((answer: Omit<FailedAnswer, 'text'>) => string) | undefined;
}

/**
 * A failed answer as the error table reads it: its body as JSON, the vendor's text, and the
 * message text (`where: HTTP 400 <detail>`, or said as a non-JSON response, unless `text` says).
 */
export function failedAnswer(
  response: GuardedResponse,
  { where, options, errorText, text }: FailedAnswerReading,
): FailedAnswer {
  const { status } = response;
  const body = jsonOf(response.text);
  const detail = body === undefined ? undefined : errorText?.(body);
  const answer = { status, body, detail, where, response, options: { ...options, status } };
  if (text) return { ...answer, text: text(answer) };
  return {
    ...answer,
    text: body === undefined ? nonJsonText(where, status) : httpText(where, status, detail),
  };
}

export interface AnswerReading {
  /** `finnhub GET /quote`: the start of every message. */
  where: string;
  options: ProviderErrorOptions;
  /** The vendor's error text in a parsed error body (trimmed and capped by the vendor). */
  errorText: (body: unknown) => string | undefined;
  /** The error a failed answer stands for: the vendor's table (http-errors.ts). */
  errorOf: (failed: FailedAnswer) => ProviderError;
}

/**
 * An answer read against `schema`: a 2xx JSON body of the documented shape, or the error the
 * vendor's table gives for its status and text.
 */
export function readAnswer<S extends z.ZodType>(
  response: GuardedResponse,
  schema: S,
  { where, options, errorText, errorOf }: AnswerReading,
): z.infer<S> {
  const { status } = response;
  if (status >= 200 && status < 300) return parsedBody(response, schema, where, options);
  throw errorOf(failedAnswer(response, { where, options, errorText }));
}
