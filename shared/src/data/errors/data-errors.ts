// Typed errors of the data layer. Providers throw them; the router reads `kind` to decide what
// happens next (the routing rules of routing/route.ts); toResult() turns them into envelopes.
import type { DataErrorCode } from '../../contract/result-schema.js';
import { BaseError, type BaseErrorOptions } from './base-error.js';

/**
 * - `failure`: transport, time-out, 5xx, unusable body: next provider, counts toward cool-down
 * - `rate_limited`: like a failure, reported as RATE_LIMITED when every provider was limited
 * - `auth_failed`: key rejected: provider skipped from now on
 * - `unsupported`: method refused (plan limit, add-on off): provider skipped for the capability
 * - `no_data`: no listing: next provider, recorded as `no data: ...`
 * - `not_found`, `refused`, `invalid_input`: final, no fallback
 * - `chain_mismatch`: provider reports another chain: never used for that chain
 */
export type FailureKind =
  | 'failure'
  | 'rate_limited'
  | 'auth_failed'
  | 'unsupported'
  | 'no_data'
  | 'not_found'
  | 'refused'
  | 'invalid_input'
  | 'chain_mismatch';

export interface ProviderErrorOptions extends BaseErrorOptions {
  provider?: string | undefined;
  status?: number | undefined;
  /** A time-out, a network error or a 5xx: worth the one retry where the document allows it. */
  transient?: boolean | undefined;
  /** A rate-limit answer's `Retry-After`, in milliseconds, when the provider sent one. */
  retryAfterMs?: number | undefined;
}

const CODE_OF_KIND: Record<FailureKind, DataErrorCode> = {
  failure: 'PROVIDER_ERROR',
  rate_limited: 'RATE_LIMITED',
  auth_failed: 'PROVIDER_ERROR',
  unsupported: 'PROVIDER_ERROR',
  no_data: 'PROVIDER_ERROR',
  not_found: 'NOT_FOUND',
  refused: 'PROVIDER_ERROR',
  invalid_input: 'INVALID_INPUT',
  chain_mismatch: 'CHAIN_MISMATCH',
};

export class ProviderError extends BaseError {
  override name = 'ProviderError';
  readonly kind: FailureKind;
  readonly code: DataErrorCode;
  readonly provider: string | undefined;
  readonly status: number | undefined;
  readonly transient: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(kind: FailureKind, shortMessage: string, options: ProviderErrorOptions = {}) {
    super(shortMessage, options);
    this.kind = kind;
    this.code = CODE_OF_KIND[kind];
    this.provider = options.provider;
    this.status = options.status;
    this.transient = options.transient ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export class AuthFailedError extends ProviderError {
  override name = 'AuthFailedError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('auth_failed', message, options);
  }
}

export class UnsupportedMethodError extends ProviderError {
  override name = 'UnsupportedMethodError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('unsupported', message, options);
  }
}

export class NotFoundError extends ProviderError {
  override name = 'NotFoundError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('not_found', message, options);
  }
}

export class NoDataError extends ProviderError {
  override name = 'NoDataError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('no_data', message, options);
  }
}

export class RequestRefusedError extends ProviderError {
  override name = 'RequestRefusedError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('refused', message, options);
  }
}

export class RateLimitedError extends ProviderError {
  override name = 'RateLimitedError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('rate_limited', message, options);
  }
}

export class InvalidInputError extends ProviderError {
  override name = 'InvalidInputError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('invalid_input', message, options);
  }
}

export class ChainMismatchError extends ProviderError {
  override name = 'ChainMismatchError';
  constructor(message: string, options: ProviderErrorOptions = {}) {
    super('chain_mismatch', message, options);
  }
}

/** Why the guarded fetch refused a URL or an address, before any connection. */
export type GuardReason =
  | 'SCHEME_NOT_ALLOWED'
  | 'INSECURE_SCHEME'
  | 'CREDENTIALS_IN_URL'
  | 'HOST_NOT_ALLOWED'
  | 'PRIVATE_NAME'
  | 'PRIVATE_ADDRESS'
  | 'TOO_MANY_REDIRECTS'
  | 'RESPONSE_TOO_LARGE';

export class NetworkGuardError extends ProviderError {
  override name = 'NetworkGuardError';
  readonly reason: GuardReason;
  constructor(reason: GuardReason, message: string, options: ProviderErrorOptions = {}) {
    super('failure', `refused by the network guard (${reason}): ${message}`, options);
    this.reason = reason;
  }
}

/** Finds a ProviderError along a cause chain (undici wraps connection-time errors). */
export function findProviderError(error: unknown): ProviderError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined; depth++) {
    if (current instanceof ProviderError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}
