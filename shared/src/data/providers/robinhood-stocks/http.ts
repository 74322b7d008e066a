// GET against the issuer API through the guarded fetch. Failures as observed (the issuer documents
// a 60 requests/s limit but no error bodies): HTTP 429,
// or HTTP 200 with a plain-text body such as `local_rate_limited` (the envoy gateway's local
// limiter), are rate limits; 404 `{code: 5}` is an unknown symbol; 5xx is a transient failure.
import type { z } from 'zod';
import { NotFoundError, ProviderError, RateLimitedError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { errorBodySchema } from './payloads.js';
import { jsonOf, rateLimitedError } from '../http-answer.js';

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

export function createIssuerGet(endpoint: ProviderEndpoint, context: ProviderContext): IssuerGet {
  const options = { provider: 'robinhood-stocks', redact: context.redact };
  return async (path, schema, notFound) => {
    const response = await context.fetch({
      url: `${endpoint.url}/rhj${path}`,
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    const { status } = response;
    const withStatus = { ...options, status };
    const body = jsonOf(response.text);
    const json = body !== undefined;
    if (status === 429) {
      const said = json ? '' : ` ${excerpt(response.text)}`;
      throw rateLimitedError(`/rhj${path}: HTTP 429${said}`.trim(), response, withStatus);
    }
    if (!json) {
      if (status >= 200 && status < 300)
        throw new RateLimitedError(
          `/rhj${path}: HTTP ${status} with a non-JSON body (${excerpt(response.text) || 'empty'}): the gateway's rate limit`,
          withStatus,
        );
      throw new ProviderError('failure', `/rhj${path}: non-JSON response (HTTP ${status})`, {
        ...withStatus,
        transient: status >= 500,
      });
    }
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new ProviderError('failure', `/rhj${path}: unexpected payload`, withStatus);
      return { raw: body, checked: parsed.data };
    }
    const error = errorBodySchema.safeParse(body);
    const message = error.success ? error.data.message : undefined;
    const text = `/rhj${path}: HTTP ${status}${message ? ` ${message}` : ''}`;
    if (status === 404 && error.success && error.data.code === 5)
      throw new NotFoundError(notFound ? `${notFound} (${message ?? 'not found'})` : text, withStatus);
    throw new ProviderError('failure', text, { ...withStatus, transient: status >= 500 });
  };
}
