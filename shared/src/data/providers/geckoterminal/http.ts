// GET against GeckoTerminal through the guarded fetch (the 10-a-minute budget is applied
// there), with the error mapping of the vendor's documentation: 429 is RATE_LIMITED
// (decided on the status alone: the body is undocumented), 404 (unknown network, pool or
// token) is no listing, 5xx and unusable bodies are transient failures, any other 4xx a
// refused request.
import type { z } from 'zod';
import { NoDataError, ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { geckoterminalUrl } from './endpoints.js';
import { errorDocumentSchema } from './payloads.js';
import { rateLimitedError } from '../http-answer.js';

export type GeckoterminalQuery = Record<string, string | number | boolean | undefined>;
export type GeckoterminalGet = <S extends z.ZodType>(
  path: string,
  schema: S,
  query?: GeckoterminalQuery,
) => Promise<z.infer<S>>;

const PROVIDER = 'geckoterminal';

function vendorText(json: unknown): string {
  const body = errorDocumentSchema.safeParse(json);
  if (!body.success) return '';
  return body.data.errors?.[0]?.title ?? body.data.status?.error_message ?? '';
}

export function createGeckoterminalGet(
  endpoint: ProviderEndpoint,
  context: ProviderContext,
): GeckoterminalGet {
  const options = { provider: PROVIDER, redact: context.redact };
  return async (path, schema, query = {}) => {
    const response = await context.fetch({
      url: geckoterminalUrl(endpoint.url, path, query),
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    const { status } = response;
    const withStatus = { ...options, status };
    if (status === 429) {
      throw rateLimitedError(`${path}: HTTP 429 (GeckoTerminal rate limit)`, response, withStatus);
    }
    let json: unknown;
    try {
      json = JSON.parse(response.text);
    } catch {
      if (status === 404)
        throw new NoDataError(`GeckoTerminal lists nothing at ${path} (HTTP 404)`, withStatus);
      throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, {
        ...withStatus,
        transient: status >= 500,
      });
    }
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, withStatus);
      return parsed.data;
    }
    const detail = context.redact(vendorText(json).slice(0, 200));
    const text = `${path}: HTTP ${status}${detail ? ` ${detail}` : ''}`;
    if (status === 404) throw new NoDataError(`GeckoTerminal lists nothing at ${text}`, withStatus);
    if (status >= 500) throw new ProviderError('failure', text, { ...withStatus, transient: true });
    if (status >= 400) throw new RequestRefusedError(text, withStatus);
    throw new ProviderError('failure', text, withStatus);
  };
}
