// The layout: a skip link, the header with navigation and the search box, then the matched route.
// Embeddable cards (/embed/*) are framed by other sites: they get the route alone, no site chrome.
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  HeadContent,
  Link,
  Outlet,
  useRouterState,
} from '@tanstack/react-router';
import { SearchBox } from '../components/search-box';
import { DATA_TOOLS } from '../lib/data-tools';
import type { trpc } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const embedded = useRouterState({ select: (s) => s.location.pathname.startsWith('/embed/') });
  if (embedded)
    return (
      <>
        <HeadContent />
        <Outlet />
      </>
    );
  return (
    <div className="layout">
      <HeadContent />
      <a className="skip-link" href="#content">
        Skip to content
      </a>
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
          {DATA_TOOLS.map(({ to, label }) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
          <Link to="/status">Status</Link>
          <Link to="/account">Account</Link>
        </nav>
        <SearchBox />
      </header>
      <main id="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
