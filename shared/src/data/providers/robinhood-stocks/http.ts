// GET against the issuer API through the guarded fetch. Failures as observed (the issuer documents
// a 60 requests/s limit but no error bodies): HTTP 429,
// or HTTP 200 with a plain-text body such as `local_rate_limited` (the envoy gateway's local
// limiter), are rate limits; 404 `{code: 5}` is an unknown symbol; 5xx is a transient failure; any
// other status a failure (rows over the default table of http-errors.ts, without a key).
import type { z } from 'zod';
import { ProviderError, RateLimitedError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { errorBodySchema } from './payloads.js';
import { failedAnswer, jsonOf, type FailedAnswer } from '../http-answer.js';
import { failure, httpErrors, notFound, rateLimited, type StatusRow } from '../http-errors.js';

export interface IssuerAnswer<T> {
  /** The body exactly as parsed from the issuer's JSON. */
  raw: unknown;
  /** The members the layer checked. */
  checked: T;
}

export type IssuerGet = <S extends z.ZodType>(
  path: string,
  schema: S,
  notFound?: string,
) => Promise<IssuerAnswer<z.infer<S>>>;

/** A short, single-line excerpt of a non-JSON body. */
const excerpt = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);

/** A failed issuer answer: its error `code`, and the caller's message for an unknown symbol. */
interface IssuerFailure extends FailedAnswer {
  code: number | undefined;
  notFound: string | undefined;
}

const ISSUER_ROWS: readonly StatusRow<IssuerFailure>[] = [
  {
    status: 429,
    error: rateLimited((a) =>
      `${a.where}: HTTP 429${a.body === undefined ? ` ${excerpt(a.response.text)}` : ''}`.trim(),
    ),
  },
  {
    status: 404,
    when: (a) => a.code === 5,
    error: notFound((a) => (a.notFound ? `${a.notFound} (${a.detail ?? 'not found'})` : a.text)),
  },
  { status: '4xx', error: failure() },
];

const issuerError = httpErrors(ISSUER_ROWS, { keyStatuses: [] });

export function createIssuerGet(endpoint: ProviderEndpoint, context: ProviderContext): IssuerGet {
  const options = { provider: 'robinhood-stocks', redact: context.redact };
  return async (path, schema, notFound) => {
    const response = await context.fetch({
      url: `${endpoint.url}/rhj${path}`,
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    const { status } = response;
    const where = `/rhj${path}`;
    if (status < 200 || status >= 300) {
      const error = (body: unknown) => errorBodySchema.safeParse(body).data;
      const failed = failedAnswer(response, { where, options, errorText: (body) => error(body)?.message });
      throw issuerError({ ...failed, code: error(failed.body)?.code, notFound });
    }
    const withStatus = { ...options, status };
    const body = jsonOf(response.text);
    if (body === undefined)
      throw new RateLimitedError(
        `${where}: HTTP ${status} with a non-JSON body (${excerpt(response.text) || 'empty'}): the gateway's rate limit`,
        withStatus,
      );
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderError('failure', `${where}: unexpected payload`, withStatus);
    return { raw: body, checked: parsed.data };
  };
}
