// The package page rendered on the server (docs/performance.md, "The package page rendered by the
// server"): the SPA's own route components, router and Markdown renderer (safe-markdown.tsx), built
// for Node by `vite build --ssr` into web/dist-ssr/ and loaded by the server (server/src/spa/
// page-render.ts), so the HTML of a package URL holds the page as the SPA's first render draws it:
// SKILL.md painted before any script runs, and main.tsx hydrates that markup in place. The data is
// the answers the server puts into the page (the same list, @pkg/shared/contract's
// packagePageQueries), seeded into a query client of this render alone; nothing is fetched here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { seedEntries } from './lib/page-data';
import { trpc } from './lib/trpc';
import { routerOptions } from './router';

/** The package routes: the latest-version page and a version's page. */
const PACKAGE_ROUTES: ReadonlySet<string> = new Set([
  '/@{$namespace}/$name/',
  '/@{$namespace}/$name/v/$version',
]);

/** What the server passes: the page's path and the answers it put into the page. */
export interface PageRenderInput {
  url: string;
  entries: unknown[];
}

/**
 * The markup of `#root` for the page at `url`, with `entries` as its data; undefined when the page
 * is not the package page there (not found, a loader that failed): the SPA then renders alone.
 */
export async function renderPage({ url, entries }: PageRenderInput): Promise<string | undefined> {
  // No retry, nothing stale: what is not in the page is not asked for here (the SPA asks for it).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedEntries(queryClient, trpc, entries);
  const router = createRouter({
    ...routerOptions,
    context: { queryClient, trpc },
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
  await router.load();
  const { matches } = router.state;
  const ok = matches.every((m) => m.status === 'success');
  if (!ok || !matches.some((m) => PACKAGE_ROUTES.has(m.routeId))) return undefined;
  return markupOf(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

/**
 * The markup of `app`, once every part of it has rendered (a chunk a part loads, such as the
 * findings list, is read from the build here); undefined when a component threw, so a page the
 * server cannot draw is the SPA's alone (React would otherwise send a part for the SPA to redo).
 */
async function markupOf(app: ReactNode): Promise<string | undefined> {
  let failed = false;
  const stream = await renderToReadableStream(app, {
    onError: () => {
      failed = true;
    },
  });
  await stream.allReady;
  const markup = await new Response(stream).text();
  return failed ? undefined : markup;
}
