// The registry's error codes (docs/registry-api.md, Errors) in one table: for each code its HTTP
// status, the tRPC code the typed API answers, the exit code of the CLI and pkg-admin, and a
// hint of what to do next. Every other part of the project reads this table: the REST error
// body, the tRPC error formatter, the CLI's exit handler and the operator tool.
import type { ErrorDetail } from '../schemas/error-body.js';

/** The CLI and pkg-admin exit codes of registry errors: 1 failure, 2 invalid input. */
export type RegistryExitCode = 1 | 2;

export interface RegistryErrorEntry {
  status: number;
  /** The tRPC error code (a key of tRPC's TRPC_ERROR_CODES_BY_KEY). */
  trpc: string;
  exit: RegistryExitCode;
  /** What the person who ran the command can do next. */
  hint: string;
}

export const REGISTRY_ERRORS = {
  BAD_REQUEST: {
    status: 400,
    trpc: 'BAD_REQUEST',
    exit: 2,
    hint: 'Check the arguments; run the command with --help for its usage.',
  },
  UNAUTHENTICATED: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    exit: 1,
    hint: 'Log in with `pkg login --registry <url>` (or set PKG_TOKEN) and try again.',
  },
  FORBIDDEN: {
    status: 403,
    trpc: 'FORBIDDEN',
    exit: 2,
    hint: 'Ask the namespace owner to add you as a maintainer, or publish into your own namespace.',
  },
  TOKEN_SCOPE: {
    status: 403,
    trpc: 'FORBIDDEN',
    exit: 1,
    hint: 'Use a token whose kind and namespaces allow this (see `pkg whoami`).',
  },
  OIDC_REFUSED: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    exit: 1,
    hint: "Compare the workflow that ran with the package's trusted publishers (`pkg trust list <pkg>`).",
  },
  TRUSTED_PUBLISHING_REQUIRED: {
    status: 403,
    trpc: 'FORBIDDEN',
    exit: 1,
    hint: 'Publish from a trusted publisher with `pkg publish --oidc`, or an owner lifts the requirement.',
  },
  NAMESPACE_RESERVED: {
    status: 403,
    trpc: 'FORBIDDEN',
    exit: 2,
    hint: 'Publish into a namespace of your own.',
  },
  NOT_FOUND: {
    status: 404,
    trpc: 'NOT_FOUND',
    exit: 2,
    hint: 'Check the name and version; `pkg search <query>` lists what exists.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    trpc: 'METHOD_NOT_SUPPORTED',
    exit: 2,
    hint: 'Use the method the route accepts (see the Allow header).',
  },
  VERSION_EXISTS: {
    status: 409,
    trpc: 'CONFLICT',
    exit: 2,
    hint: 'Versions are immutable: raise the version in manifest.json and publish again.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    trpc: 'PAYLOAD_TOO_LARGE',
    exit: 2,
    hint: 'A package is at most 5 MB; remove large files.',
  },
  INVALID_PACKAGE: {
    status: 422,
    trpc: 'UNPROCESSABLE_CONTENT',
    exit: 2,
    hint: 'Fix the problems listed above; `pkg validate` shows them locally.',
  },
  RATE_LIMITED: {
    status: 429,
    trpc: 'TOO_MANY_REQUESTS',
    exit: 1,
    hint: 'Wait for the time given and try again.',
  },
  INTERNAL_ERROR: {
    status: 500,
    trpc: 'INTERNAL_SERVER_ERROR',
    exit: 1,
    hint: 'Try again; if it keeps failing, contact the registry operator with the request id.',
  },
  ARTIFACT_STORAGE_FAILED: {
    status: 502,
    trpc: 'BAD_GATEWAY',
    exit: 1,
    hint: 'Nothing was published; try again shortly.',
  },
  STORAGE_UNAVAILABLE: {
    status: 503,
    trpc: 'SERVICE_UNAVAILABLE',
    exit: 1,
    hint: 'The registry is having trouble with its database; try again shortly.',
  },
  METADATA_WRITE_FAILED: {
    status: 503,
    trpc: 'SERVICE_UNAVAILABLE',
    exit: 1,
    hint: 'Nothing was published; try again shortly.',
  },
  // The website's AI features and holder pass (docs/public-api.md).
  QUOTA_EXCEEDED: {
    status: 429,
    trpc: 'TOO_MANY_REQUESTS',
    exit: 1,
    hint: 'The daily limit is used up; it resets at the time given (Retry-After).',
  },
  NOT_VERIFIED: {
    status: 404,
    trpc: 'NOT_FOUND',
    exit: 2,
    hint: 'Only contracts with verified source on the explorer can be explained.',
  },
  PASS_REFUSED: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    exit: 1,
    hint: 'Ask for a new nonce and sign the new message on the Ask page.',
  },
  PASS_INVALID: {
    status: 401,
    trpc: 'UNAUTHORIZED',
    exit: 1,
    hint: 'The holder pass is not valid any more: sign in again, or ask without it.',
  },
  BELOW_THRESHOLD: {
    status: 403,
    trpc: 'FORBIDDEN',
    exit: 1,
    hint: 'Holder access needs at least HOLDER_PASS_THRESHOLD project tokens in the signing wallet.',
  },
  UPSTREAM_FAILED: {
    status: 502,
    trpc: 'BAD_GATEWAY',
    exit: 1,
    hint: 'A data or AI provider did not answer; nothing was counted. Try again shortly.',
  },
  NOT_CONFIGURED: {
    status: 503,
    trpc: 'SERVICE_UNAVAILABLE',
    exit: 1,
    hint: 'The operator has to set the variable named in the message.',
  },
} as const satisfies Record<string, RegistryErrorEntry>;

export type RegistryErrorCode = keyof typeof REGISTRY_ERRORS;

export const REGISTRY_ERROR_CODES = Object.keys(REGISTRY_ERRORS) as RegistryErrorCode[];

export function isRegistryErrorCode(value: unknown): value is RegistryErrorCode {
  return typeof value === 'string' && Object.hasOwn(REGISTRY_ERRORS, value);
}

/** The registry code of an HTTP error status (the first code of the table with that status). */
export function registryCodeOfStatus(status: number): RegistryErrorCode | undefined {
  return REGISTRY_ERROR_CODES.find((code) => REGISTRY_ERRORS[code].status === status);
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
    this.status = REGISTRY_ERRORS[code].status;
    this.details = options.details ?? [];
    this.retryAfter = options.retryAfter;
  }
}
