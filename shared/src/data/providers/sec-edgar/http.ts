// GET against SEC EDGAR through the guarded fetch (which applies the process-wide budget of 10
// requests a second shared by both hosts), with the declared User-Agent on every request and the
// SEC's error mapping:
// - 403 with an HTML page: the SEC's traffic-management answer. The same page (titled "Request
//   Rate Threshold Exceeded", headed "Your Request Originates from an Undeclared Automated
//   Tool") answers both an undeclared agent and a client over 10 requests a second; the block
//   lifts once the rate stays under the limit for 10 minutes (//   the SEC's page as quoted in public issues, e.g. github.com/Gunratan/edgar/issues/10 and
//   /issues/4). The agent is checked before anything is sent, so the answer is RATE_LIMITED,
//   with those 10 minutes as `retryAfterMs`, and the message says to check SEC_USER_AGENT too.
// - 403 without HTML: refused as such, PROVIDER_ERROR.
// - 404 on a registrant's submissions: no such CIK, NOT_FOUND. 404 on the ticker file: EDGAR
//   moved it, a failure.
// - 429 with Retry-After: RATE_LIMITED; 5xx: a transient failure; other 4xx: refused (the default
//   table of http-errors.ts for a host without a key).
// Vendor text is never copied into messages (the SEC's pages are long HTML).
import type { z } from 'zod';
import { RateLimitedError } from '../../errors/data-errors.js';
import type { GuardedResponse } from '../../net/guarded-fetch.js';
import { failedAnswer, jsonRequest, parsedBody, type FailedAnswer } from '../http-answer.js';
import { failure, httpErrors, notFound, type StatusRow } from '../http-errors.js';
import type { ProviderContext } from '../provider-types.js';
import type { SecEdgarEndpoint } from './endpoints.js';

/** How long the SEC blocks a client that exceeded the fair-access rate (its 403 page says 10 minutes). */
export const SEC_BLOCK_MS = 600_000;

export interface SecRequest {
  /** The full URL (on the www or the data base). */
  url: string;
  /** What the request reads, for messages ("company_tickers.json", "submissions of CIK 0000320193"). */
  what: string;
  /** The message of a 404 that means "no such entity" (NOT_FOUND); a 404 without it is a failure. */
  notFound?: string;
}

export type SecGet = <S extends z.ZodType>(request: SecRequest, schema: S) => Promise<z.infer<S>>;

function isHtml(response: GuardedResponse): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /text\/html/i.test(type) || /^\s*<(?:!doctype html|html)/i.test(response.text);
}

/** A failed SEC answer, with the message of a 404 that means "no such entity" on this request. */
interface SecFailure extends FailedAnswer {
  notFound: string | undefined;
}

const SEC_ROWS: readonly StatusRow<SecFailure>[] = [
  {
    status: 403,
    when: (a) => isHtml(a.response),
    error: (a) =>
      new RateLimitedError(
        `${a.where}: HTTP 403, the SEC's fair-access block (an undeclared automated tool or over 10 requests a second); it lifts after 10 minutes under the limit; check that SEC_USER_AGENT names you and a contact email`,
        { ...a.options, retryAfterMs: SEC_BLOCK_MS },
      ),
  },
  { status: 404, when: (a) => Boolean(a.notFound), error: notFound((a) => a.notFound ?? '') },
  { status: 404, error: failure() },
  { status: 'other', error: failure((a) => `${a.where}: unexpected HTTP ${a.status}`) },
];

const secError = httpErrors(SEC_ROWS, { keyStatuses: [] });

export function createSecGet(endpoint: SecEdgarEndpoint, context: ProviderContext): SecGet {
  const options = { provider: 'sec-edgar', redact: context.redact };
  return async ({ url, what, notFound }, schema) => {
    const response = await jsonRequest(context, {
      url,
      headers: { 'user-agent': endpoint.userAgent },
    });
    const { status } = response;
    if (status >= 200 && status < 300) return parsedBody(response, schema, what, options);
    const failed = failedAnswer(response, { where: what, options, text: () => `${what}: HTTP ${status}` });
    throw secError({ ...failed, notFound });
  };
}
