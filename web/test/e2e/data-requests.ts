// The page's data round trips: its tRPC requests (`/trpc/…`; httpBatchLink sends the queries
// started in one tick as one request), each as it finished, with the procedures it asked for. Used
// by the page tests and by the page-load bench (docs/performance.md, "The package page").
import type { Page, Request } from 'playwright-core';

/** Whether a request of the page is a data round trip (a tRPC request). */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url()).pathname.startsWith('/trpc/');
}

/** The procedures one tRPC request asked for, in order (`packages.get,packages.version` …). */
export function proceduresOf(request: Request): string[] {
  return decodeURIComponent(new URL(request.url()).pathname.replace(/^\/trpc\//, '')).split(',');
}

/** Starts recording the page's finished data requests; the array fills as they finish. */
export function recordDataRequests(page: Page): Request[] {
  const finished: Request[] = [];
  page.on('requestfinished', (request) => {
    if (isDataRequest(request)) finished.push(request);
  });
  return finished;
}
