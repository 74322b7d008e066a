// The layout: header with navigation and the search box, then the matched route.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Link, Outlet } from '@tanstack/react-router';
import { SearchBox } from '../components/search-box';
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
      <HeadContent />
      <header className="site-header">
        <Link to="/" className="brand">
          pkg
        </Link>
        <nav aria-label="Main">
          <Link to="/" activeOptions={{ exact: true }}>
            Home
          </Link>
          <Link to="/search" search={{ q: '' }}>
            Packages
          </Link>
          <Link to="/status">Status</Link>
          <Link to="/account">Account</Link>
        </nav>
        <SearchBox />
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
