// What the three web providers (Tavily, Exa, Firecrawl) share: the web rows of the error table of
// docs/data-layer.md, the reading of an answer (JSON or a failure), and the page and usage shapes
// of web/web-types.ts.
//
// Error table, web rows (over the default table of http-errors.ts):
// - 401, 403: AuthFailedError (the provider becomes auth_failed and is skipped from then on);
// - 429, and Tavily's 432 (plan limit) and 433 (pay-as-you-go limit): RateLimitedError with the
//   answer's Retry-After;
// - 400, 422: RequestRefusedError, PROVIDER_ERROR without fallback;
// - 402 (credits) and 5xx: ProviderError('failure'), transient for 5xx: the next provider is tried.
// Statuses the table does not name (404, 408, 409, 413, ...) are failures too (the next provider
// is tried), 408 (the vendor's own time-out) transient. Vendor text always passes through the
// redactor (BaseError applies `options.redact`) and is capped; no header value is ever in a message.
import type { z } from 'zod';
import { compact } from '../compact.js';
import type { ProviderErrorOptions } from '../errors/data-errors.js';
import type { GuardedResponse } from '../net/guarded-fetch.js';
import { capText, type WebPage, type WebUsage } from '../web/web-types.js';
import { cappedText, readAnswer } from './http-answer.js';
import {
  failure,
  httpErrors,
  OUT_OF_CREDITS_ROW,
  rateLimited,
  refused,
  VENDOR_TIMEOUT_ROW,
} from './http-errors.js';

const MAX_MESSAGE_CHARS = 300;

/** Statuses that are about the key or the account, not about one request (no point asking again). */
export const ACCOUNT_STATUSES: ReadonlySet<number> = new Set([401, 402, 429, 432, 433]);

/** A vendor's message, trimmed and capped; undefined when it sent none. */
export function vendorText(text: string | null | undefined): string | undefined {
  return cappedText(text, MAX_MESSAGE_CHARS);
}

/** The web rows over the default table (see the file's head). */
const webError = httpErrors([
  { status: [432, 433], error: rateLimited() },
  { status: [400, 422], error: refused() },
  OUT_OF_CREDITS_ROW,
  VENDOR_TIMEOUT_ROW,
  { status: '4xx', error: failure() },
]);

export interface WebAnswerOptions {
  /** `tavily POST /search`: the start of every message. */
  where: string;
  options: ProviderErrorOptions;
  /** The vendor's error text in a parsed error body. */
  errorText: (body: unknown) => string | undefined;
}

/**
 * A web provider's answer read against `schema`: a 2xx JSON body of the documented shape, or the
 * error its status stands for (with the vendor's text). A body that is not JSON is a failure,
 * transient when 5xx.
 */
export function readWebAnswer<S extends z.ZodType>(
  response: GuardedResponse,
  schema: S,
  { where, options, errorText }: WebAnswerOptions,
): z.infer<S> {
  return readAnswer(response, schema, {
    where,
    options,
    errorText: (body) => vendorText(errorText(body)),
    errorOf: webError,
  });
}

/** A string the vendor sent, or undefined for a missing, null or blank one. */
export function str(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A finite number the vendor sent, or undefined. */
export function num(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export interface PageFields {
  url: string;
  title?: string | null | undefined;
  snippet?: string | null | undefined;
  /** The page text as sent; capped here at `maxCharacters`. */
  text?: string | null | undefined;
  publishedAt?: string | null | undefined;
  author?: string | null | undefined;
  score?: number | null | undefined;
}

/**
 * A page of web/web-types.ts: untrusted, members the vendor did not send absent, the text capped
 * at `maxCharacters` with `truncated` beside it (absent both when there is no text).
 */
export function webPage(fields: PageFields, maxCharacters: number): WebPage {
  const text = str(fields.text);
  const capped = text === undefined ? undefined : capText(text, maxCharacters);
  return compact({
    url: fields.url,
    title: str(fields.title),
    snippet: str(fields.snippet),
    text: capped?.text,
    truncated: capped?.truncated,
    publishedAt: str(fields.publishedAt),
    author: str(fields.author),
    score: num(fields.score),
    untrusted: true,
  }) as WebPage;
}

/** `usage` as the provider reported it; undefined when it reported neither credits nor cost. */
export function webUsage(credits: number | undefined, costUsd: number | undefined): WebUsage | undefined {
  if (credits === undefined && costUsd === undefined) return undefined;
  return compact({ credits, costUsd }) as WebUsage;
}
