// GET of the feed catalog through the guarded fetch. The directory is a static file host
// (Vercel): 404 means no catalog at that address (a wrong or missing file, as for a testnet,
// the vendor's documentation), reported as no data naming CHAINLINK_FEEDS_URL; 429 is a
// rate limit; other 4xx a refused request; 5xx, HTML and unusable bodies transient failures.
import { NoDataError, ProviderError, RequestRefusedError } from '../../errors/data-errors.js';
import { jsonRequest, parsedBody, rateLimitedError } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { catalogSchema } from './payloads.js';

export function createCatalogGet(endpoint: ProviderEndpoint, context: ProviderContext) {
  const options = { provider: 'chainlink', redact: context.redact };
  return async (): Promise<unknown[]> => {
    const response = await jsonRequest(context, { url: endpoint.url, headers: {} });
    const { status } = response;
    const where = `feed catalog ${endpoint.display}`;
    if (status >= 200 && status < 300) return parsedBody(response, catalogSchema, where, options);
    const withStatus = { ...options, status };
    if (status === 404)
      throw new NoDataError(
        `no feed catalog at ${endpoint.display} (HTTP 404); set CHAINLINK_FEEDS_URL to the chain's Chainlink feed catalog`,
        withStatus,
      );
    if (status === 429) throw rateLimitedError(`${where}: HTTP 429`, response, withStatus);
    if (status >= 400 && status < 500) throw new RequestRefusedError(`${where}: HTTP ${status}`, withStatus);
    throw new ProviderError('failure', `${where}: HTTP ${status}`, {
      ...withStatus,
      transient: status >= 500,
    });
  };
}
