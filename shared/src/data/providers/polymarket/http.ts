// GET against the Gamma API through the guarded fetch, with its error mapping. Polymarket's rate
// limits (https://docs.polymarket.com/api-reference/rate-limits) are enforced by Cloudflare,
// which mostly delays requests; a 429 (an HTML page with Retry-After on its gateways) is a rate
// limit. A 404 on a list is "nothing listed" (no data); other 4xx (a refused parameter: `{type,
// error}` bodies) are refused requests; 5xx, HTML and unusable bodies are transient failures.
import type { z } from 'zod';
import { NoDataError, ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import { jsonOf, jsonRequest, parsedBody, rateLimitedError } from '../http-answer.js';
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

export function createGammaGet(endpoint: ProviderEndpoint, context: ProviderContext): GammaGet {
  const options = { provider: 'polymarket', redact: context.redact };
  return async (path, query, schema) => {
    const url = new URL(`${endpoint.url}${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const response = await jsonRequest(context, { url: url.toString(), headers: {} });
    const { status } = response;
    if (status >= 200 && status < 300) return parsedBody(response, schema, path, options);
    const withStatus = { ...options, status };
    const body = jsonOf(response.text);
    const detail = body === undefined ? undefined : errorDetail(body);
    const text = `${path}: HTTP ${status}${detail ? ` ${context.redact(detail.slice(0, 300))}` : ''}`;
    if (status === 429) throw rateLimitedError(text, response, withStatus);
    if (status === 404) throw new NoDataError(`Polymarket lists nothing here (${text})`, withStatus);
    if (status >= 400 && status < 500) throw new RequestRefusedError(text, withStatus);
    const shown = body === undefined ? `${path}: non-JSON response (HTTP ${status})` : text;
    throw new ProviderError('failure', shown, { ...withStatus, transient: status >= 500 });
  };
}
