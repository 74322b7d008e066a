// GET against CoinGecko through the guarded fetch, with the vendor's error mapping
// (https://docs.coingecko.com/docs/errors-and-rate-limits; bodies as recorded in
// the vendor's documentation): HTTP 429, or any status whose body carries error_code 429
// (the keyless tier answers so with HTTP 200), is a rate limit; 401 or code 10002 rejects the
// key; 10010/10011 (a key sent to the other root) too; 10005 (not on this plan) refuses the
// method; 404 is "not found" or "no listing" as the caller says; 408, 5xx and non-JSON bodies
// are transient failures; any other 4xx is a refused request.
import type { z } from 'zod';
import {
  AuthFailedError,
  NoDataError,
  NotFoundError,
  ProviderError,
  RequestRefusedError,
  UnsupportedMethodError,
} from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { COINGECKO_KEY_HEADER } from './endpoints.js';
import { errorBodySchema } from './payloads.js';
import { jsonOf, rateLimitedError } from '../http-answer.js';
import { urlWithQuery } from '../endpoint-url.js';

export interface CoingeckoGetOptions {
  query?: Record<string, string>;
  /** What a 404 means on this path: an unknown resource (default) or no listing. */
  notFound?: 'not_found' | 'no_data';
}

export type CoingeckoGet = <S extends z.ZodType>(
  path: string,
  schema: S,
  options?: CoingeckoGetOptions,
) => Promise<z.infer<S>>;

interface VendorError {
  code?: number | undefined;
  message?: string | undefined;
}

/** The code and message of any of the documented error bodies, or undefined for a data body. */
export function vendorError(json: unknown): VendorError | undefined {
  const body = errorBodySchema.safeParse(json);
  if (!body.success) return undefined;
  const { status, error, errors } = body.data;
  const code = status?.error_code ?? body.data.error_code;
  if (status && code !== undefined) return { code, message: status.error_message };
  if (typeof error === 'string') return { message: error };
  if (error?.status) return { code: error.status.error_code, message: error.status.error_message };
  if (errors && errors.length > 0)
    return { message: errors.map((e) => e.detail ?? e.title ?? e.status ?? '').join('; ') };
  return undefined;
}

export function createCoingeckoGet(endpoint: ProviderEndpoint, context: ProviderContext): CoingeckoGet {
  const key = endpoint.secrets[0];
  const base = { provider: 'coingecko', redact: context.redact };
  return async (path, schema, { query = {}, notFound = 'not_found' } = {}) => {
    const url = urlWithQuery(`${endpoint.url}${path}`, query);
    const response = await context.fetch({
      url: url.toString(),
      method: 'GET',
      headers: { accept: 'application/json', ...(key ? { [COINGECKO_KEY_HEADER]: key } : {}) },
    });
    const { status } = response;
    const options = { ...base, status };
    const json = jsonOf(response.text);
    const vendor = json === undefined ? undefined : vendorError(json);
    const ok = status >= 200 && status < 300;
    if (ok && json !== undefined && !vendor) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, options);
      return parsed.data;
    }
    const code = vendor?.code;
    const detail = vendor?.message ? `: ${vendor.message.slice(0, 300)}` : '';
    const text = `${path}: HTTP ${status}${code !== undefined ? ` (code ${code})` : ''}${detail}`;
    if (status === 429 || code === 429) {
      throw rateLimitedError(`rate limited (${text})`, response, options);
    }
    if (code === 10010 || code === 10011)
      throw new AuthFailedError(`key sent to the wrong root (${text})`, options);
    if (status === 401 || code === 10002)
      throw new AuthFailedError(`key missing or rejected (${text})`, options);
    if (code === 10005) throw new UnsupportedMethodError(`not offered on this plan (${text})`, options);
    if (json === undefined)
      throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, {
        ...options,
        transient: status >= 500 || status === 408,
      });
    if (status >= 500 || status === 408)
      throw new ProviderError('failure', text, { ...options, transient: true });
    if (status === 404)
      throw notFound === 'no_data' ? new NoDataError(text, options) : new NotFoundError(text, options);
    if (status >= 400) throw new RequestRefusedError(text, options);
    throw new ProviderError('failure', `${path}: error body on HTTP ${status}${detail}`, options);
  };
}
