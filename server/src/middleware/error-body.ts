// Any error → the uniform body { error: { code, message, details } } and its HTTP status.
// Unknown errors are 500 INTERNAL_ERROR with a fixed message: internals never reach a client.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import {
  issueDetails,
  registryCodeOfStatus,
  RegistryError,
  type ErrorBody,
  type ErrorDetail,
} from '@pkg/shared';
import { ZodError } from 'zod';
import { mapStorageFailure } from '../errors/storage-failure.js';

export interface HttpError {
  status: number;
  body: ErrorBody;
  retryAfter?: number | undefined;
  /** True when the error was not expected (logged with its stack). */
  unexpected: boolean;
}

/** The code of a non-registry 4xx (tRPC's own errors, body-parser's): the table's code for the status. */
function codeOfStatus(status: number): string {
  return status === 415 ? 'BAD_REQUEST' : (registryCodeOfStatus(status) ?? 'BAD_REQUEST');
}

function body(code: string, message: string, details: ErrorDetail[] = []): ErrorBody {
  return { error: { code, message, details } };
}

/** Express and body-parser errors carry `status`/`type` (e.g. entity.parse.failed). */
function httpishStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ??
    (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

export function toHttpError(error: unknown): HttpError {
  let e = error;
  e = mapStorageFailure(e);
  if (e instanceof TRPCError && (e.cause instanceof RegistryError || e.cause instanceof ZodError))
    e = e.cause;
  if (e instanceof RegistryError) {
    return {
      status: e.status,
      body: body(e.code, e.message, e.details),
      retryAfter: e.retryAfter,
      unexpected: e.status >= 500 && e.code === 'INTERNAL_ERROR',
    };
  }
  if (e instanceof ZodError)
    return {
      status: 400,
      body: body('BAD_REQUEST', 'Invalid input.', issueDetails(e.issues)),
      unexpected: false,
    };
  if (e instanceof TRPCError && e.code !== 'INTERNAL_SERVER_ERROR') {
    const status = getHTTPStatusCodeFromError(e);
    return { status, body: body(codeOfStatus(status), e.message), unexpected: false };
  }
  const status = httpishStatus(e);
  if (status === 413) {
    return {
      status,
      body: body('PAYLOAD_TOO_LARGE', 'The request body is larger than the limit.'),
      unexpected: false,
    };
  }
  if (status !== undefined) {
    const type = (e as { type?: unknown }).type;
    const message =
      type === 'entity.parse.failed'
        ? 'The request body is not valid JSON.'
        : e instanceof URIError || /decode/i.test((e as Error).message ?? '')
          ? 'The URL is not valid percent-encoding.'
          : 'The request is malformed.';
    return { status, body: body(codeOfStatus(status), message), unexpected: false };
  }
  return {
    status: 500,
    body: body(
      'INTERNAL_ERROR',
      'An unexpected error occurred; the request id identifies it in the server log.',
    ),
    unexpected: true,
  };
}
