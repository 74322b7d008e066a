// POST {base}/info through the guarded fetch, with Hyperliquid's error mapping
// (https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api/rate-limits-and-user-limits;
// the vendor's documentation): 429 when the IP's weight budget is spent (RATE_LIMITED,
// Retry-After kept when sent); 422 with a plain-text `Failed to deserialize the JSON body into
// the target type…` when the request body is not one Hyperliquid accepts, and any other 4xx:
// the request is refused (PROVIDER_ERROR, no fallback); 5xx and time-outs: transient failures
// (the default table of http-errors.ts for a host without a key); a 2xx body that is not JSON, or
// not of the documented shape: a failure.
import type { z } from 'zod';
import { failedAnswer, jsonOf, jsonRequest, parsedBody } from '../http-answer.js';
import { httpErrors, transientFailure } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { infoUrl } from './endpoints.js';

export type InfoPost = <S extends z.ZodType>(body: Record<string, unknown>, schema: S) => Promise<z.infer<S>>;

/** The first line of a plain-text error body, capped (Hyperliquid's 422 texts are long). */
function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** A 5xx says only its status; the other statuses keep a plain-text reason. */
const hyperliquidError = httpErrors(
  [{ status: '5xx', error: transientFailure((a) => `${a.where}: HTTP ${a.status}`) }],
  { keyStatuses: [] },
);

export function createInfoPost(endpoint: ProviderEndpoint, context: ProviderContext): InfoPost {
  const options = { provider: 'hyperliquid', redact: context.redact };
  return async (body, schema) => {
    const where = `info ${String(body.type)}`;
    const response = await jsonRequest(context, { url: infoUrl(endpoint.url), headers: {}, body });
    const { status } = response;
    if (status >= 200 && status < 300) return parsedBody(response, schema, where, options);
    // A plain-text reason (the 422's) is kept; a JSON or HTML body adds nothing readable.
    const plain = jsonOf(response.text) === undefined && !response.text.trim().startsWith('<');
    const reason = plain ? firstLine(response.text) : '';
    const text = () => `${where}: HTTP ${status}${reason ? ` ${reason}` : ''}`;
    throw hyperliquidError(failedAnswer(response, { where, options, text }));
  };
}
