// GET of the feed catalog through the guarded fetch. The directory is a static file host
// (Vercel): 404 means no catalog at that address (a wrong or missing file, as for a testnet,
// the vendor's documentation), reported as no data naming CHAINLINK_FEEDS_URL; the rest is the
// default table of http-errors.ts for a host without a key: 429 a rate limit, other 4xx a
// refused request, 5xx transient failures. HTML and unusable 2xx bodies are failures.
import { httpErrors, noData } from '../http-errors.js';
import { failedAnswer, jsonRequest, parsedBody } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { catalogSchema } from './payloads.js';

export function createCatalogGet(endpoint: ProviderEndpoint, context: ProviderContext) {
  const options = { provider: 'chainlink', redact: context.redact };
  const where = `feed catalog ${endpoint.display}`;
  const errorOf = httpErrors(
    [
      {
        status: 404,
        error: noData(
          () =>
            `no feed catalog at ${endpoint.display} (HTTP 404); set CHAINLINK_FEEDS_URL to the chain's Chainlink feed catalog`,
        ),
      },
    ],
    { keyStatuses: [] },
  );
  return async (): Promise<unknown[]> => {
    const response = await jsonRequest(context, { url: endpoint.url, headers: {} });
    const { status } = response;
    if (status >= 200 && status < 300) return parsedBody(response, catalogSchema, where, options);
    throw errorOf(failedAnswer(response, { where, options, text: (a) => `${where}: HTTP ${a.status}` }));
  };
}
