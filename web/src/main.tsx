import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedPageData } from './lib/page-data';
import { queryClient } from './lib/query-client';
import { trpc } from './lib/trpc';
import { router } from './router';
import './styles.css';

/**
 * Seeds the page's data, when the server put it into the page, then renders the app; or, when the
 * server drew the page into #root (a package page: docs/performance.md, "The package page rendered
 * by the server"), loads the route (its data is in the cache, its chunks preloaded) and hydrates
 * that markup in place, so the page the browser painted stays where it is.
 */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  // A package page's data, when the server put it into the page (docs/performance.md, "The package page's first paint").
  seedPageData(queryClient, trpc);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (!root.firstElementChild) return void createRoot(root).render(app);
  await router.load();
  // What TanStack Router's own hydration marks (its state comes from inline scripts, which the
  // page's Content-Security-Policy refuses): the router renders the tree the server rendered, with
  // no boundary of its own around the matches, so React adopts the markup instead of redrawing it.
  router.ssr = { manifest: undefined };
  hydrateRoot(root, app);
}

const run = () => void start();
// A package page loads this module `async`, so it may run before the page's data has arrived.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
else run();
