// The router with its context ({ queryClient, trpc }) and the type registration.
import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import { NotFound } from './components/not-found';

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
