// GoPlus's access token, with an app key and secret: POST /api/v1/token (signed, sign.ts), cached
// until `expires_in` less a margin, one request at a time; the tokens received are kept (the last
// four) for the redactor.
import { ProviderError, type ProviderErrorOptions } from '../../errors/data-errors.js';
import type { GoplusCredentials } from './endpoints.js';
import { accessTokenSchema, type Envelope } from './payloads.js';
import { goplusSign } from './sign.js';

/** Used when the token answer has no `expires_in` (its value is not documented). */
const DEFAULT_TOKEN_LIFETIME_S = 300;

export type GoplusSend = (
  path: string,
  init: { query?: Record<string, string>; body?: unknown; authorization?: string | undefined },
) => Promise<Envelope>;

export interface AccessTokens {
  /** The current token, asked for when there is none or it expired; undefined when anonymous. */
  current: () => Promise<string | undefined>;
  /** Forgets `token` if it is still the current one (GoPlus refused it). */
  drop: (token: string) => void;
}

export function createAccessTokens(
  send: GoplusSend,
  credentials: GoplusCredentials | undefined,
  issued: string[],
  options: ProviderErrorOptions,
): AccessTokens {
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(appKey: string, appSecret: string): Promise<string> {
    const time = Math.floor(Date.now() / 1000);
    const envelope = await send('/api/v1/token', {
      body: { app_key: appKey, time, sign: goplusSign(appKey, time, appSecret) },
    });
    const result = accessTokenSchema.safeParse(envelope.result);
    if (!result.success) throw new ProviderError('failure', '/api/v1/token: unexpected payload', options);
    const { access_token: token } = result.data;
    issued.push(token);
    if (issued.length > 4) issued.shift();
    const lifetime = result.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S;
    const margin = Math.min(60, lifetime / 10);
    cached = { token, expiresAt: Date.now() + (lifetime - margin) * 1000 };
    return token;
  }

  return {
    current: async () => {
      if (!credentials) return undefined;
      if (cached && Date.now() < cached.expiresAt) return cached.token;
      pending ??= requestToken(credentials.appKey, credentials.appSecret).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    drop: (token) => {
      if (cached?.token === token) cached = undefined;
    },
  };
}
