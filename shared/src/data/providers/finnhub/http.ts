// GET against the Finnhub API through the guarded fetch, with the key in the `X-Finnhub-Token`
// header, and Finnhub's error mapping (error bodies `{"error": "..."}`), the default table of
// http-errors.ts with one row of Finnhub's own (the plan's refusal):
// - 401 `Invalid API key.` (and any other 401/403): the key is rejected, AuthFailedError;
// - 401 or 403 `You don't have access to this resource.`: the plan does not cover this request
//   (the free plan serves US listings only; github.com/finnhubio/Finnhub-API issues #405, #493).
//   On the four free endpoints used here that is about the symbol asked, not the endpoint, so it
//   is no data for this request (UNAVAILABLE), and the provider stays eligible for other symbols;
// - 429 (`API limit reached. ...`, https://finnhub.io/docs/api/rate-limit): RateLimitedError with
//   the answer's Retry-After when there is one;
// - other 4xx: RequestRefusedError; 5xx and bodies that are not JSON: transient failures.
// Finnhub's text passes through the redactor and is capped; no header value is ever in a message.
import type { z } from 'zod';
import { urlWithQuery } from '../endpoint-url.js';
import { cappedText, jsonRequest, readAnswer } from '../http-answer.js';
import { httpErrors, noData } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { errorBodySchema } from './payloads.js';

export type FinnhubGet = <S extends z.ZodType>(
  path: string,
  query: Record<string, string>,
  schema: S,
) => Promise<z.infer<S>>;

const NO_ACCESS = /don['’]t have access/i;

/** Finnhub's `error` text, trimmed and capped. */
const errorText = (body: unknown) => cappedText(errorBodySchema.safeParse(body).data?.error);

/** Finnhub's rows over the default table of http-errors.ts (see the file's head). */
const finnhubError = httpErrors([
  {
    status: [401, 403],
    when: (a) => a.detail !== undefined && NO_ACCESS.test(a.detail),
    error: noData((a) => `Finnhub's plan does not cover this request (${a.text})`),
  },
]);

export function createFinnhubGet(endpoint: ProviderEndpoint, context: ProviderContext): FinnhubGet {
  const token = endpoint.secrets[0] ?? '';
  const options = { provider: 'finnhub', redact: context.redact };
  return async (path, query, schema) => {
    const response = await jsonRequest(context, {
      url: urlWithQuery(`${endpoint.url}${path}`, query).toString(),
      headers: { 'x-finnhub-token': token },
    });
    return readAnswer(response, schema, {
      where: `finnhub GET ${path}`,
      options,
      errorText,
      errorOf: finnhubError,
    });
  };
}
