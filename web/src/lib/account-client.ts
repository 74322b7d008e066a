// A tRPC client for the account page only: same origin as the SPA (so the token goes to the
// registry and nowhere else), with the pasted token as `Authorization: Bearer` on its calls.
// The app-wide client in trpc.ts stays anonymous.
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@pkg/server/router';
import superjson from 'superjson';

export type AccountClient = ReturnType<typeof createAccountClient>;

export function createAccountClient(token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        headers: () => ({ authorization: `Bearer ${token}` }),
      }),
    ],
  });
}

/** Query keys of the account page start here, so a new or forgotten token drops them all. */
export const accountQueryKey = ['account'] as const;

/** A package's trusted publishers on the account page (publishers.list). */
export const publishersQueryKey = (pkg: { namespace: string; name: string }) =>
  [...accountQueryKey, 'publishers', pkg.namespace, pkg.name] as const;

/** "TOKEN_SCOPE: This operation needs a managing token…": the registry's code and message. */
export function accountErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
