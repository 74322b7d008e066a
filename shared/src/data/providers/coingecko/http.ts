// GET against CoinGecko through the guarded fetch, with the vendor's error mapping
// (https://docs.coingecko.com/docs/errors-and-rate-limits; bodies as recorded in
// the vendor's documentation) as rows over the default table of http-errors.ts. The body's
// error code is read first, whatever the status: HTTP 429, or any status whose body carries
// error_code 429 (the keyless tier answers so with HTTP 200), is a rate limit; 10010/10011 (a
// key sent to the other root) reject the key; 401 or code 10002 too; 10005 (not on this plan)
// refuses the method; a non-JSON body is a failure, transient for 408 and 5xx. Then the
// statuses: 408 and 5xx transient failures; 404 "not found" or "no listing" as the caller says;
// any other 4xx a refused request; an error body on any other status a failure.
import type { z } from 'zod';
import { ProviderError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { COINGECKO_KEY_HEADER } from './endpoints.js';
import { errorBodySchema } from './payloads.js';
import { failedAnswer, jsonOf, nonJsonText, type FailedAnswer } from '../http-answer.js';
import {
  httpErrors,
  keyRejected,
  noData,
  notFound,
  rateLimited,
  unsupported,
  failure,
  VENDOR_TIMEOUT_ROW,
  type StatusRow,
} from '../http-errors.js';
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

/** A failed CoinGecko answer: its error code, and what a 404 means on the path. */
interface CoingeckoFailure extends FailedAnswer {
  code: number | undefined;
  notFound: 'not_found' | 'no_data';
}

const hasCode =
  (...codes: number[]) =>
  (a: CoingeckoFailure) =>
    a.code !== undefined && codes.includes(a.code);

const COINGECKO_ROWS: readonly StatusRow<CoingeckoFailure>[] = [
  {
    status: 'any',
    when: (a) => a.status === 429 || a.code === 429,
    error: rateLimited((a) => `rate limited (${a.text})`),
  },
  {
    status: 'any',
    when: hasCode(10010, 10011),
    error: keyRejected((a) => `key sent to the wrong root (${a.text})`),
  },
  {
    status: 'any',
    when: (a) => a.status === 401 || a.code === 10002,
    error: keyRejected((a) => `key missing or rejected (${a.text})`),
  },
  { status: 'any', when: hasCode(10005), error: unsupported((a) => `not offered on this plan (${a.text})`) },
  {
    status: 'any',
    when: (a) => a.body === undefined,
    error: (a) =>
      new ProviderError('failure', nonJsonText(a.where, a.status), {
        ...a.options,
        transient: a.status >= 500 || a.status === 408,
      }),
  },
  VENDOR_TIMEOUT_ROW,
  { status: 404, when: (a) => a.notFound === 'no_data', error: noData() },
  { status: 404, error: notFound() },
  {
    status: 'other',
    error: failure((a) => `${a.where}: error body on HTTP ${a.status}${a.detail ? `: ${a.detail}` : ''}`),
  },
];

const coingeckoError = httpErrors(COINGECKO_ROWS, { keyStatuses: [401] });

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
    const errorText = () => vendor?.message?.slice(0, 300);
    const text = (a: { detail: string | undefined }) =>
      `${path}: HTTP ${status}${code !== undefined ? ` (code ${code})` : ''}${a.detail ? `: ${a.detail}` : ''}`;
    const failed = failedAnswer(response, { where: path, options: base, errorText, text });
    throw coingeckoError({ ...failed, code, notFound });
  };
}
