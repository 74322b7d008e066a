// Reading tRPC errors in loaders: the registry's NOT_FOUND becomes the router's not-found page.
import { notFound } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';

export function isNotFound(error: unknown): boolean {
  return (
    error instanceof TRPCClientError && (error.data as { code?: unknown } | undefined)?.code === 'NOT_FOUND'
  );
}

/** For `.catch()` on a loader's query: NOT_FOUND throws notFound(), anything else is rethrown. */
export function rethrowNotFound(error: unknown): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's notFound() is thrown
  if (isNotFound(error)) throw notFound();
  throw error;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
