// The registry's error codes and their HTTP statuses (1-registry.md, Errors), and the error
// services throw. Its message is always safe to show to a client.
import type { ErrorDetail } from '../schemas/error-body.js';

export const REGISTRY_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  TOKEN_SCOPE: 403,
  NAMESPACE_RESERVED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  VERSION_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_PACKAGE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  ARTIFACT_STORAGE_FAILED: 502,
  STORAGE_UNAVAILABLE: 503,
  METADATA_WRITE_FAILED: 503,
} as const;

export type RegistryErrorCode = keyof typeof REGISTRY_ERROR_STATUS;

export function isRegistryErrorCode(value: unknown): value is RegistryErrorCode {
  return typeof value === 'string' && Object.hasOwn(REGISTRY_ERROR_STATUS, value);
}

export class RegistryError extends Error {
  override name = 'RegistryError';
  readonly code: RegistryErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  /** Seconds for a `Retry-After` header (429 and 503). */
  readonly retryAfter: number | undefined;

  constructor(
    code: RegistryErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = REGISTRY_ERROR_STATUS[code];
    this.details = options.details ?? [];
    this.retryAfter = options.retryAfter;
  }
}
