// Requests to GoPlus through the guarded fetch, and the envelope's codes (the SDK's
// src/script/errorcode.js; 2022 as the live service answers an unsupported chain,
// the vendor's documentation): 1 ok; 2 data pending and 5000 are transient failures;
// 2018/2022 (chain not supported), 2020/2021 (not a contract, no contract info) are no data;
// 4029 is a rate limit; 4010/4011/4012/4022/4023 reject the credentials; 5006/2004 refuse the
// request. The HTTP statuses are rows over the default table of http-errors.ts: 429 a rate limit;
// 5xx a transient failure; 401 and 403 refuse the credentials; any other status a refused request.
// With an app key and secret every request carries an access token (POST
// /api/v1/token, cached until `expires_in` less a margin, requested again once when GoPlus
// calls it invalid), sent raw in `Authorization` as the vendor's Node and Python SDKs do.
import type { z } from 'zod';
import {
  AuthFailedError,
  NoDataError,
  ProviderError,
  RateLimitedError,
  RequestRefusedError,
} from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { goplusCredentials } from './endpoints.js';
import { accessTokenSchema, envelopeSchema, type Envelope } from './payloads.js';
import { goplusSign } from './sign.js';
import { failedAnswer, jsonOf } from '../http-answer.js';
import { httpErrors, keyRejected, rateLimited, refused, transientFailure } from '../http-errors.js';
import { urlWithQuery } from '../endpoint-url.js';

/** Used when the token answer has no `expires_in` (its value is not documented). */
const DEFAULT_TOKEN_LIFETIME_S = 300;

/** 4022 (invalid token) and 4023 (token not found): the cached token is dropped and asked again once. */
class TokenRejectedError extends AuthFailedError {
  override name = 'TokenRejectedError';
}

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

  /** The error of an envelope whose code is not 1. */
  function envelopeError(envelope: Envelope, path: string, status: number): ProviderError {
    const { code } = envelope;
    const message = envelope.message ? ` (${envelope.message.slice(0, 300)})` : '';
    const text = `${path}: GoPlus code ${code}${message}`;
    const options = { ...base, status };
    if (code === 2 || code === 5000)
      return new ProviderError('failure', text, { ...options, transient: true });
    if (code === 2018 || code === 2022)
      return new NoDataError(`GoPlus does not cover chain ${context.chainId} here: ${text}`, options);
    if (code === 2020 || code === 2021) return new NoDataError(text, options);
    if (code === 4029) return new RateLimitedError(`rate limited: ${text}`, options);
    if (code === 4022 || code === 4023)
      return new TokenRejectedError(`access token refused: ${text}`, options);
    if (code === 4010 || code === 4011 || code === 4012)
      return new AuthFailedError(`credentials refused: ${text}`, options);
    if (code === 5006 || code === 2004) return new RequestRefusedError(text, options);
    return new ProviderError('failure', text, options);
  }

  async function send(
    path: string,
    init: { query?: Record<string, string>; body?: unknown; authorization?: string | undefined },
  ): Promise<Envelope> {
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
    if (envelope.success && envelope.data.code !== 1) throw envelopeError(envelope.data, path, status);
    if (status < 200 || status >= 300)
      throw goplusError(
        failedAnswer(response, { where: path, options: base, text: () => `${path}: HTTP ${status}` }),
      );
    if (json === undefined)
      throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, options);
    if (!envelope.success) throw new ProviderError('failure', `${path}: unexpected payload`, options);
    return envelope.data;
  }

  let current: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(appKey: string, appSecret: string): Promise<string> {
    const time = Math.floor(Date.now() / 1000);
    const envelope = await send('/api/v1/token', {
      body: { app_key: appKey, time, sign: goplusSign(appKey, time, appSecret) },
    });
    const result = accessTokenSchema.safeParse(envelope.result);
    if (!result.success) throw new ProviderError('failure', '/api/v1/token: unexpected payload', base);
    const { access_token: token } = result.data;
    issued.push(token);
    if (issued.length > 4) issued.shift();
    const lifetime = result.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S;
    const margin = Math.min(60, lifetime / 10);
    current = { token, expiresAt: Date.now() + (lifetime - margin) * 1000 };
    return token;
  }

  async function accessToken(): Promise<string | undefined> {
    if (!credentials) return undefined;
    if (current && Date.now() < current.expiresAt) return current.token;
    pending ??= requestToken(credentials.appKey, credentials.appSecret).finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    authenticated: credentials !== undefined,
    async get(path, query, schema) {
      for (let attempt = 0; ; attempt++) {
        const token = await accessToken();
        try {
          const envelope = await send(path, { query, authorization: token });
          const parsed = schema.safeParse(envelope.result);
          if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, base);
          return parsed.data;
        } catch (error) {
          if (token && attempt === 0 && error instanceof TokenRejectedError) {
            if (current?.token === token) current = undefined;
            continue;
          }
          throw error;
        }
      }
    },
  };
}
