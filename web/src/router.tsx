// The router with its context ({ queryClient, trpc }) and the type registration.
import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import { NotFound } from './components/not-found';

/** The router's options but its context, shared with the server's render (entry-server.tsx). */
export const routerOptions = {
  routeTree,
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  // A page whose loader waits longer than this shows that it is loading instead of the old page.
  defaultPendingMs: 300,
  defaultPendingComponent: () => <p role="status">Loading the page…</p>,
} as const;

export const router = createRouter({ ...routerOptions, context: { queryClient, trpc } });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
