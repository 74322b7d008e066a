// GET against the Blockscout REST v2 API through the guarded fetch, with the error mapping of
// the vendor's documentation: 401 rejects the key, 402 is "no key" (auth) or "Out of credits"
// (rate limit), 404 `Network not supported` is another chain, 404 `Not found` is not found,
// 422 is a refused request, 429 a rate limit, 5xx and HTML a transient failure, any other 4xx a
// failure: rows over the default table of http-errors.ts.
import type { z } from 'zod';
import { ChainMismatchError, ProviderError, RateLimitedError } from '../../errors/data-errors.js';
import { failedAnswer } from '../http-answer.js';
import { failure, httpErrors, keyRejected, notFound, refused } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { blockscoutUrl } from './endpoints.js';
import { errorBodySchema } from './payloads.js';

export type BlockscoutGet = <S extends z.ZodType>(
  path: string,
  schema: S,
  query?: Record<string, string>,
) => Promise<z.infer<S>>;

/** Blockscout's 429 and 402 `Out of credits` carry no `Retry-After` here. */
const blockscoutError = httpErrors([
  {
    status: 402,
    when: (a) => /credits/i.test(a.text),
    error: (a) => new RateLimitedError(a.text, a.options),
  },
  { status: 402, error: keyRejected((a) => `key required (${a.text})`) },
  {
    status: 404,
    when: (a) => /network not supported/i.test(a.text),
    error: (a) => new ChainMismatchError(a.text, a.options),
  },
  { status: 404, error: notFound() },
  { status: [400, 422], error: refused() },
  { status: 429, error: (a) => new RateLimitedError(a.text, a.options) },
  { status: '4xx', error: failure() },
]);

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
    const errorText = (body: unknown) => {
      const error = errorBodySchema.safeParse(body);
      return (error.success && (error.data.error ?? error.data.message)) || '';
    };
    const text = (a: { detail: string | undefined }) => `${path}: HTTP ${status} ${a.detail ?? ''}`.trim();
    throw blockscoutError(failedAnswer(response, { where: path, options, errorText, text }));
  };
}
