import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { seedPageData } from './lib/page-data';
import { queryClient } from './lib/query-client';
import { trpc } from './lib/trpc';
import { router } from './router';
import './styles.css';

/** Seeds the page's data, when the server put it into the page, then renders the app. */
function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  // A package page's data, when the server put it into the page (docs/performance.md, "The package page's first paint").
  seedPageData(queryClient, trpc);
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// A package page loads this module `async`, so it may run before the page's data has arrived.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
