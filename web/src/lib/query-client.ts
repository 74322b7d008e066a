import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/** An answer below 500 (not found, bad input) will not change on a retry. */
function retryable(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return true;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status !== 'number' || status >= 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: (failures, error) => failures < 1 && retryable(error) },
  },
});
