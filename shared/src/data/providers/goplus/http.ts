// Requests to GoPlus through the guarded fetch, and the envelope's codes (envelope-error.ts;
// the vendor's documentation): 1 ok, any other code an error, whatever the status. The HTTP
// statuses are rows over the default table of http-errors.ts: 429 a rate limit; 5xx a transient
// failure; 401 and 403 refuse the credentials; any other status a refused request.
// With an app key and secret every request carries an access token (access-token.ts: POST
// /api/v1/token, cached until `expires_in` less a margin, requested again once when GoPlus
// calls it invalid), sent raw in `Authorization` as the vendor's Node and Python SDKs do.
import type { z } from 'zod';
import { ProviderError, type ProviderErrorOptions } from '../../errors/data-errors.js';
import { urlWithQuery } from '../endpoint-url.js';
import { failedAnswer, jsonOf } from '../http-answer.js';
import { httpErrors, keyRejected, rateLimited, refused, transientFailure } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { createAccessTokens, type GoplusSend } from './access-token.js';
import { goplusCredentials } from './endpoints.js';
import { envelopeError, TokenRejectedError } from './envelope-error.js';
import { envelopeSchema } from './payloads.js';

export interface GoplusApi {
  /** GET `path` and return the envelope's `result` parsed by `schema`. */
  get: <S extends z.ZodType>(path: string, query: Record<string, string>, schema: S) => Promise<z.infer<S>>;
  authenticated: boolean;
}

const goplusError = httpErrors([
  { status: 429, error: rateLimited((a) => `rate limited: ${a.text}`) },
  { status: [401, 403], error: keyRejected((a) => `credentials refused: ${a.text}`) },
  {
    status: '5xx',
    error: transientFailure(
      (a) => `${a.where}: ${a.body === undefined ? 'non-JSON response' : 'server error'} (HTTP ${a.status})`,
    ),
  },
  { status: 'other', error: refused() },
]);

/** One request: its envelope when the code is 1, else the error of its code or of its status. */
function createSend(
  endpoint: ProviderEndpoint,
  context: ProviderContext,
  base: ProviderErrorOptions,
): GoplusSend {
  return async (path, init) => {
    const url = urlWithQuery(`${endpoint.url}${path}`, init.query);
    const response = await context.fetch({
      url: url.toString(),
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.authorization ? { authorization: init.authorization } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const { status } = response;
    const options = { ...base, status };
    const json = jsonOf(response.text);
    const envelope = envelopeSchema.safeParse(json);
    if (envelope.success && envelope.data.code !== 1)
      throw envelopeError(envelope.data, path, context.chainId, options);
    if (status < 200 || status >= 300)
      throw goplusError(
        failedAnswer(response, { where: path, options: base, text: () => `${path}: HTTP ${status}` }),
      );
    if (json === undefined)
      throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, options);
    if (!envelope.success) throw new ProviderError('failure', `${path}: unexpected payload`, options);
    return envelope.data;
  };
}

export function createGoplusApi(endpoint: ProviderEndpoint, context: ProviderContext): GoplusApi {
  const credentials = goplusCredentials(endpoint);
  /** The last access tokens received (a new one comes about once per lifetime). */
  const issued: string[] = [];
  /** The environment's secrets and the access tokens received are redacted. */
  const redact = (text: string) => {
    let out = context.redact(text);
    for (const token of issued) out = out.split(token).join('{token}');
    return out;
  };
  const base = { provider: 'goplus', redact };
  const send = createSend(endpoint, context, base);
  const tokens = createAccessTokens(send, credentials, issued, base);

  return {
    authenticated: credentials !== undefined,
    async get(path, query, schema) {
      for (let attempt = 0; ; attempt++) {
        const token = await tokens.current();
        try {
          const envelope = await send(path, { query, authorization: token });
          const parsed = schema.safeParse(envelope.result);
          if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, base);
          return parsed.data;
        } catch (error) {
          if (token && attempt === 0 && error instanceof TokenRejectedError) {
            tokens.drop(token);
            continue;
          }
          throw error;
        }
      }
    },
  };
}
