// GET against the Zerion API through the guarded fetch, with Zerion's error mapping
// (https://developers.zerion.io/reference/error-codes):
// 401 rejects the key; 429 is a rate limit (its Retry-After kept for the one retry); 202 means
// the wallet is still being indexed; any other 4xx on a wallet endpoint means Zerion cannot track
// the address (contracts and system addresses: their exact error is undocumented), reported as
// no data, never as an empty wallet; 5xx and unusable bodies are transient failures.
import type { z } from 'zod';
import { AuthFailedError, NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { basicCredentials } from './endpoints.js';
import { errorBodySchema } from './payloads.js';
import { jsonOf, rateLimitedError } from '../http-answer.js';
import { urlWithQuery } from '../endpoint-url.js';

export interface ZerionRequest {
  /** A path under the base (`/v1/...`) with its query. */
  path: string;
  query?: Record<string, string>;
  /** The wallet a wallet endpoint is about: its other 4xx answers mean "untrackable". */
  wallet?: string;
}

export type ZerionGet = <S extends z.ZodType>(request: ZerionRequest, schema: S) => Promise<z.infer<S>>;

/** The first error's detail (or title) of a `{errors: [{title, detail}]}` body. */
function errorDetail(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  const first = parsed.success ? parsed.data.errors?.[0] : undefined;
  return first?.detail || first?.title || undefined;
}

export function createZerionGet(endpoint: ProviderEndpoint, context: ProviderContext): ZerionGet {
  const authorization = `Basic ${basicCredentials(endpoint.secrets[0] ?? '')}`;
  const options = { provider: 'zerion', redact: context.redact };
  return async ({ path, query = {}, wallet }, schema) => {
    const url = urlWithQuery(`${endpoint.url}${path}`, query);
    const response = await context.fetch({
      url: url.toString(),
      method: 'GET',
      headers: { accept: 'application/json', authorization },
    });
    const { status } = response;
    const withStatus = { ...options, status };
    const body = jsonOf(response.text);
    if (status === 202)
      throw new NoDataError('Zerion is still indexing this wallet; ask again shortly', withStatus);
    if (status >= 200 && status < 300) {
      if (body === undefined)
        throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, withStatus);
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, withStatus);
      return parsed.data;
    }
    const detail = body === undefined ? undefined : errorDetail(body);
    const text = `${path}: HTTP ${status}${detail ? ` ${detail}` : ''}`;
    if (status === 401) throw new AuthFailedError(`key rejected (${text})`, withStatus);
    if (status === 429) {
      throw rateLimitedError(text, response, withStatus);
    }
    if (status >= 400 && status < 500 && wallet !== undefined) {
      throw new NoDataError(
        `Zerion cannot track ${wallet} (untrackable: a contract or system address): ${detail ?? `HTTP ${status}`}`,
        withStatus,
      );
    }
    const shown = body !== undefined ? text : `${path}: non-JSON response (HTTP ${status})`;
    throw new ProviderError('failure', shown, { ...withStatus, transient: status >= 500 });
  };
}
