// GET against the Blockscout REST v2 API through the guarded fetch, with the error mapping of
// the vendor's documentation: 401 rejects the key, 402 is "no key" (auth) or "Out of credits"
// (rate limit), 404 `Network not supported` is another chain, 404 `Not found` is not found,
// 422 is a refused request, 429 a rate limit, 5xx and HTML a transient failure.
import type { z } from 'zod';
import {
  AuthFailedError,
  ChainMismatchError,
  NotFoundError,
  ProviderError,
  RateLimitedError,
  RequestRefusedError,
} from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { blockscoutUrl } from './endpoints.js';
import { errorBodySchema } from './payloads.js';

export type BlockscoutGet = <S extends z.ZodType>(
  path: string,
  schema: S,
  query?: Record<string, string>,
) => Promise<z.infer<S>>;

export function createBlockscoutGet(endpoint: ProviderEndpoint, context: ProviderContext): BlockscoutGet {
  const options = { provider: 'blockscout', redact: context.redact };
  return async (path, schema, query = {}) => {
    const response = await context.fetch({
      url: blockscoutUrl(endpoint.url, path, query, endpoint.secrets[0]),
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    let json: unknown;
    try {
      json = JSON.parse(response.text);
    } catch {
      throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${response.status})`, {
        ...options,
        status: response.status,
        transient: response.status >= 500,
      });
    }
    const { status } = response;
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, options);
      return parsed.data;
    }
    const body = errorBodySchema.safeParse(json);
    const text =
      `${path}: HTTP ${status} ${(body.success && (body.data.error ?? body.data.message)) || ''}`.trim();
    const withStatus = { ...options, status };
    if (status === 401 || status === 403) throw new AuthFailedError(`key rejected (${text})`, withStatus);
    if (status === 402) {
      if (/credits/i.test(text)) throw new RateLimitedError(text, withStatus);
      throw new AuthFailedError(`key required (${text})`, withStatus);
    }
    if (status === 404 && /network not supported/i.test(text)) throw new ChainMismatchError(text, withStatus);
    if (status === 404) throw new NotFoundError(text, withStatus);
    if (status === 422 || status === 400) throw new RequestRefusedError(text, withStatus);
    if (status === 429) throw new RateLimitedError(text, withStatus);
    throw new ProviderError('failure', text, { ...withStatus, transient: status >= 500 });
  };
}
