// GET against the Finnhub API through the guarded fetch, with the key in the `X-Finnhub-Token`
// header, and Finnhub's error mapping (error bodies `{"error": "..."}`):
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
import {
  AuthFailedError,
  NoDataError,
  ProviderError,
  RequestRefusedError,
} from '../../errors/data-errors.js';
import { jsonOf, jsonRequest, parsedBody, rateLimitedError } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { errorBodySchema } from './payloads.js';

export type FinnhubGet = <S extends z.ZodType>(
  path: string,
  query: Record<string, string>,
  schema: S,
) => Promise<z.infer<S>>;

const NO_ACCESS = /don['’]t have access/i;

/** Finnhub's `error` text, trimmed and capped. */
function errorText(body: unknown): string | undefined {
  const text = errorBodySchema.safeParse(body).data?.error?.trim();
  if (!text) return undefined;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function createFinnhubGet(endpoint: ProviderEndpoint, context: ProviderContext): FinnhubGet {
  const token = endpoint.secrets[0] ?? '';
  const options = { provider: 'finnhub', redact: context.redact };
  return async (path, query, schema) => {
    const url = new URL(`${endpoint.url}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await jsonRequest(context, {
      url: url.toString(),
      headers: { 'x-finnhub-token': token },
    });
    const { status } = response;
    const where = `finnhub GET ${path}`;
    if (status >= 200 && status < 300) return parsedBody(response, schema, where, options);
    const withStatus = { ...options, status };
    const body = jsonOf(response.text);
    const detail = body === undefined ? undefined : errorText(body);
    const text =
      body === undefined
        ? `${where}: non-JSON response (HTTP ${status})`
        : `${where}: HTTP ${status}${detail ? ` ${detail}` : ''}`;
    if ((status === 401 || status === 403) && detail !== undefined && NO_ACCESS.test(detail))
      throw new NoDataError(`Finnhub's plan does not cover this request (${text})`, withStatus);
    if (status === 401 || status === 403) throw new AuthFailedError(`key rejected (${text})`, withStatus);
    if (status === 429) throw rateLimitedError(text, response, withStatus);
    if (status >= 400 && status < 500) throw new RequestRefusedError(text, withStatus);
    throw new ProviderError('failure', text, { ...withStatus, transient: status >= 500 });
  };
}
