// GET against the FRED API through the guarded fetch: `api_key` and `file_type=json` on every
// request, and FRED's error mapping (https://fred.stlouisfed.org/docs/api/fred/errors.html:
// statuses 400, 404, 423, 429, 500 with `{error_code, error_message}`), as rows over the default
// table of http-errors.ts:
// - 400 whose message is about `api_key` (not set, not registered, malformed): FRED's documented
//   answer to a bad key (it never answers 401 or 403 for it), AuthFailedError; a 401 or 403 is
//   taken the same way;
// - 400 "The series does not exist.": an unknown series id, NotFoundError (final, NOT_FOUND);
// - other 400s: RequestRefusedError (a request FRED refuses as such);
// - 429: RateLimitedError, with Retry-After when sent;
// - 404 and 423 (a path or an account state, not this series): failures; 5xx and bodies that are
//   not JSON: failures, transient for 5xx.
// The key travels in the URL (FRED's only way): messages never quote a URL, and pass the redactor.
import type { z } from 'zod';
import { urlWithQuery } from '../endpoint-url.js';
import { cappedText, jsonRequest, readAnswer, type FailedAnswer } from '../http-answer.js';
import { failure, httpErrors, keyRejected, notFound, refused, type StatusRow } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { errorBodySchema } from './payloads.js';

export type FredGet = <S extends z.ZodType>(
  path: string,
  query: Record<string, string>,
  schema: S,
  /** What the request is about, for a not-found message ("series CPIAUCSL"). */
  subject: string,
) => Promise<z.infer<S>>;

/** FRED's message, its doubled spaces folded, capped. */
const errorText = (body: unknown) =>
  cappedText(errorBodySchema.safeParse(body).data?.error_message?.replace(/\s+/g, ' '));

/** A failed FRED answer, with what the request was about ("series CPIAUCSL"). */
interface FredFailure extends FailedAnswer {
  subject: string;
}

const detailSays = (pattern: RegExp) => (a: FailedAnswer) => a.detail !== undefined && pattern.test(a.detail);

const FRED_ROWS: readonly StatusRow<FredFailure>[] = [
  { status: 400, when: detailSays(/api_key/i), error: keyRejected() },
  {
    status: 400,
    when: detailSays(/does not exist/i),
    error: notFound((a) => `FRED has no ${a.subject} (${a.detail ?? ''})`),
  },
  { status: 400, error: refused() },
  { status: '4xx', error: failure() },
];

const fredError = httpErrors(FRED_ROWS);

export function createFredGet(endpoint: ProviderEndpoint, context: ProviderContext): FredGet {
  const key = endpoint.secrets[0] ?? '';
  const options = { provider: 'fred', redact: context.redact };
  return async (path, query, schema, subject) => {
    const url = urlWithQuery(`${endpoint.url}${path}`, query);
    url.searchParams.set('file_type', 'json');
    url.searchParams.set('api_key', key);
    const response = await jsonRequest(context, { url: url.toString(), headers: {} });
    return readAnswer(response, schema, {
      where: `fred GET ${path}`,
      options,
      errorText,
      errorOf: (failed) => fredError({ ...failed, subject }),
    });
  };
}
