// GET against the Gamma API through the guarded fetch, with its error mapping. Polymarket's rate
// limits (https://docs.polymarket.com/api-reference/rate-limits) are enforced by Cloudflare,
// which mostly delays requests; a 429 (an HTML page with Retry-After on its gateways) is a rate
// limit. A 404 on a list is "nothing listed" (no data); other 4xx (a refused parameter: `{type,
// error}` bodies) are refused requests; 5xx, HTML and unusable bodies are transient failures: the
// default table of http-errors.ts for a host without a key, with Polymarket's 404.
import type { z } from 'zod';
import {
  failedAnswer,
  failureText,
  httpTextOf,
  jsonRequest,
  parsedBody,
  type FailedAnswer,
} from '../http-answer.js';
import { failure, httpErrors, noData, transientFailure } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { errorBodySchema } from './payloads.js';

export type GammaQuery = Record<string, string | number | boolean | undefined>;
export type GammaGet = <S extends z.ZodType>(
  path: string,
  query: GammaQuery,
  schema: S,
) => Promise<z.infer<S>>;

function errorDetail(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  return parsed.data.error || parsed.data.message || undefined;
}

const polymarketError = httpErrors<FailedAnswer>(
  [
    { status: 404, error: noData((a) => `Polymarket lists nothing here (${a.text})`) },
    { status: '5xx', error: transientFailure(failureText) },
    { status: 'other', error: failure(failureText) },
  ],
  { keyStatuses: [] },
);

export function createGammaGet(endpoint: ProviderEndpoint, context: ProviderContext): GammaGet {
  const options = { provider: 'polymarket', redact: context.redact };
  return async (path, query, schema) => {
    const url = new URL(`${endpoint.url}${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await jsonRequest(context, { url: url.toString(), headers: {} });
    const { status } = response;
    if (status >= 200 && status < 300) return parsedBody(response, schema, path, options);
    const errorText = (body: unknown) => {
      const detail = errorDetail(body);
      return detail ? context.redact(detail.slice(0, 300)) : undefined;
    };
    throw polymarketError(failedAnswer(response, { where: path, options, errorText, text: httpTextOf }));
  };
}
