// Requests to Firecrawl v2 through the guarded fetch: JSON bodies, the key as a bearer token, and
// the web rows of the error table (web-errors.ts): 401/403 auth_failed, 429 RATE_LIMITED, 400/422
// PROVIDER_ERROR, 402 (insufficient credits) and 5xx the next provider; 408 (SCRAPE_TIMEOUT) a
// transient failure. The message is Firecrawl's own `error` (with its `code`), redacted. A 2xx
// answer saying `success: false` is a failure too.
import type { z } from 'zod';
import { ProviderError } from '../../errors/data-errors.js';
import { jsonOf, jsonRequest } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { readWebAnswer, vendorText } from '../web-errors.js';
import { errorBodySchema } from './payloads.js';

export type FirecrawlCall = <S extends z.ZodType>(
  request: { path: string; method?: 'GET' | 'POST'; body?: unknown },
  schema: S,
) => Promise<z.infer<S>>;

/** The message of a Firecrawl error body: `error`, with its `code` when sent. */
export function firecrawlErrorText(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body).data;
  const message = parsed?.error?.trim();
  const code = parsed?.code?.trim();
  if (!message) return code || undefined;
  return code ? `${message} (${code})` : message;
}

export function createFirecrawlCall(endpoint: ProviderEndpoint, context: ProviderContext): FirecrawlCall {
  const authorization = `Bearer ${endpoint.secrets[0] ?? ''}`;
  const options = { provider: 'firecrawl', redact: context.redact };
  return async ({ path, method = 'POST', body }, schema) => {
    const where = `firecrawl ${method} ${path}`;
    const response = await jsonRequest(context, {
      url: `${endpoint.url}${path}`,
      method,
      headers: { authorization },
      body,
    });
    const json = response.status >= 200 && response.status < 300 ? jsonOf(response.text) : undefined;
    if ((json as { success?: unknown } | undefined)?.success === false) {
      const detail = vendorText(firecrawlErrorText(json));
      throw new ProviderError('failure', `${where}: success false${detail ? ` ${detail}` : ''}`, {
        ...options,
        status: response.status,
      });
    }
    return readWebAnswer(response, schema, { where, options, errorText: firecrawlErrorText });
  };
}
