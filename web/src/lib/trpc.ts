// The typed tRPC client of the SPA: same origin, superjson, TanStack Query options proxy.
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@pkg/server/router';
import superjson from 'superjson';
import { queryClient } from './query-client';

export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/trpc', transformer: superjson })],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
