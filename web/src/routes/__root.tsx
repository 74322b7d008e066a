// The layout: header with navigation, then the matched route.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import type { trpc } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <div className="layout">
      <header className="site-header">
        <Link to="/" className="brand">
          pkg
        </Link>
        <nav aria-label="Main">
          <Link to="/" activeOptions={{ exact: true }}>
            Home
          </Link>
          <Link to="/status">Status</Link>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
