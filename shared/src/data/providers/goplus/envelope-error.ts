// The error of a GoPlus envelope whose code is not 1 (the SDK's src/script/errorcode.js; 2022 as
// the live service answers an unsupported chain): 2 data pending and 5000 are transient failures;
// 2018/2022 (chain not supported), 2020/2021 (not a contract, no contract info) are no data; 4029
// is a rate limit; 4010/4011/4012/4022/4023 reject the credentials; 5006/2004 refuse the request.
import {
  AuthFailedError,
  NoDataError,
  ProviderError,
  RateLimitedError,
  RequestRefusedError,
  type ProviderErrorOptions,
} from '../../errors/data-errors.js';
import type { Envelope } from './payloads.js';

/** 4022 (invalid token) and 4023 (token not found): the cached token is dropped and asked again once. */
export class TokenRejectedError extends AuthFailedError {
  override name = 'TokenRejectedError';
}

export function envelopeError(
  envelope: Envelope,
  path: string,
  chainId: number,
  options: ProviderErrorOptions,
): ProviderError {
  const { code } = envelope;
  const message = envelope.message ? ` (${envelope.message.slice(0, 300)})` : '';
  const text = `${path}: GoPlus code ${code}${message}`;
  if (code === 2 || code === 5000) return new ProviderError('failure', text, { ...options, transient: true });
  if (code === 2018 || code === 2022)
    return new NoDataError(`GoPlus does not cover chain ${chainId} here: ${text}`, options);
  if (code === 2020 || code === 2021) return new NoDataError(text, options);
  if (code === 4029) return new RateLimitedError(`rate limited: ${text}`, options);
  if (code === 4022 || code === 4023) return new TokenRejectedError(`access token refused: ${text}`, options);
  if (code === 4010 || code === 4011 || code === 4012)
    return new AuthFailedError(`credentials refused: ${text}`, options);
  if (code === 5006 || code === 2004) return new RequestRefusedError(text, options);
  return new ProviderError('failure', text, options);
}
