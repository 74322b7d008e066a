// POST {base}/info through the guarded fetch, with Hyperliquid's error mapping
// (https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/rate-limits-and-user-limits;
// the vendor's documentation): 429 when the IP's weight budget is spent (RATE_LIMITED,
// Retry-After kept when sent); 422 with a plain-text `Failed to deserialize the JSON body into
// the target type…` when the request body is not one Hyperliquid accepts, and any other 4xx:
// the request is refused (PROVIDER_ERROR, no fallback); 5xx and time-outs: transient failures;
// a 2xx body that is not JSON, or not of the documented shape: a failure.
import type { z } from 'zod';
import { ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import { jsonOf, jsonRequest, parsedBody, rateLimitedError } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { infoUrl } from './endpoints.js';

export type InfoPost = <S extends z.ZodType>(body: Record<string, unknown>, schema: S) => Promise<z.infer<S>>;

/** The first line of a plain-text error body, capped (Hyperliquid's 422 texts are long). */
function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

export function createInfoPost(endpoint: ProviderEndpoint, context: ProviderContext): InfoPost {
  const options = { provider: 'hyperliquid', redact: context.redact };
  return async (body, schema) => {
    const where = `info ${String(body.type)}`;
    const response = await jsonRequest(context, { url: infoUrl(endpoint.url), headers: {}, body });
    const { status } = response;
    const withStatus = { ...options, status };
    if (status >= 200 && status < 300) return parsedBody(response, schema, where, options);
    if (status >= 500)
      throw new ProviderError('failure', `${where}: HTTP ${status}`, { ...withStatus, transient: true });
    // A plain-text reason (the 422's) is kept; a JSON or HTML body adds nothing readable.
    const plain = jsonOf(response.text) === undefined && !response.text.trim().startsWith('<');
    const text = plain ? firstLine(response.text) : '';
    const shown = `${where}: HTTP ${status}${text ? ` ${text}` : ''}`;
    if (status === 429) throw rateLimitedError(shown, response, withStatus);
    if (status >= 400) throw new RequestRefusedError(shown, withStatus);
    throw new ProviderError('failure', shown, withStatus);
  };
}
