// GET against GeckoTerminal through the guarded fetch (the 10-a-minute budget is applied
// there), with the error mapping of the vendor's documentation as rows over the default table of
// http-errors.ts for a host without a key: 429 is RATE_LIMITED (decided on the status alone: the
// body is undocumented), 404 (unknown network, pool or token) is no listing, 5xx are transient
// failures, any other 4xx a refused request, or a failure when its body is not JSON.
import type { z } from 'zod';
import { ProviderError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { geckoterminalUrl } from './endpoints.js';
import { errorDocumentSchema } from './payloads.js';
import { failedAnswer, jsonOf } from '../http-answer.js';
import { failure, httpErrors, noData, rateLimited } from '../http-errors.js';

export type GeckoterminalQuery = Record<string, string | number | boolean | undefined>;
export type GeckoterminalGet = <S extends z.ZodType>(
  path: string,
  schema: S,
  query?: GeckoterminalQuery,
) => Promise<z.infer<S>>;

const PROVIDER = 'geckoterminal';

const geckoterminalError = httpErrors(
  [
    { status: 429, error: rateLimited((a) => `${a.where}: HTTP 429 (GeckoTerminal rate limit)`) },
    {
      status: 404,
      error: noData((a) =>
        a.body === undefined
          ? `GeckoTerminal lists nothing at ${a.where} (HTTP 404)`
          : `GeckoTerminal lists nothing at ${a.text}`,
      ),
    },
    { status: '4xx', when: (a) => a.body === undefined, error: failure() },
  ],
  { keyStatuses: [] },
);

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
    if (status < 200 || status >= 300) {
      const errorText = (json: unknown) => context.redact(vendorText(json).slice(0, 200));
      throw geckoterminalError(failedAnswer(response, { where: path, options, errorText }));
    }
    const withStatus = { ...options, status };
    const json = jsonOf(response.text);
    if (json === undefined)
      throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, withStatus);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, withStatus);
    return parsed.data;
  };
}
