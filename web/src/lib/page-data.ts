// The data the server puts into the HTML of a package page's URL (docs/performance.md, "The package
// page's first paint"): the answers of the procedures the route's loader starts, each with its
// input. Read once, before the first render, into TanStack Query's cache under the keys the loader
// and the components use, so a first load asks for nothing; a client-side navigation finds no such
// element for its page and asks as usual. The element's text is parsed here (superjson, then a
// check of its shape): a procedure outside the page's (@pkg/shared/contract, packagePageQueries), or an input that is not a set of names, is
// left out.
import type { QueryClient } from '@tanstack/react-query';
import { PACKAGE_PAGE_PROCEDURES } from '@pkg/shared/contract';
import superjson from 'superjson';
import { pageQueryKey } from './package-queries';
import type { trpc as trpcProxy } from './trpc';

/** The element's id (server/src/spa.ts). */
const PAGE_DATA_ID = 'page-data';

interface Entry {
  path: string;
  input: Record<string, string> | undefined;
  data: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isEntry(value: unknown): value is Entry {
  if (!isRecord(value) || typeof value.path !== 'string' || !PACKAGE_PAGE_PROCEDURES.has(value.path))
    return false;
  const input = value.input;
  const names =
    input === undefined || (isRecord(input) && Object.values(input).every((v) => typeof v === 'string'));
  return names && 'data' in value && value.data !== undefined;
}

/** The entries of the page's data element, or none (no element, or text that is not the page's data). */
function readEntries(doc: Document): unknown[] {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const value: unknown = superjson.parse(text);
    return isRecord(value) && Array.isArray(value.entries) ? (value.entries as unknown[]) : [];
  } catch {
    return [];
  }
}

/** Puts the page's answers (those of its procedures) into the cache; the number it put. */
export function seedEntries(queryClient: QueryClient, trpc: typeof trpcProxy, values: unknown[]): number {
  const entries = values.filter(isEntry);
  for (const entry of entries) queryClient.setQueryData(pageQueryKey(trpc, entry), entry.data);
  return entries.length;
}

/** Puts the page's inlined data into the cache; the number of answers it held. */
export function seedPageData(queryClient: QueryClient, trpc: typeof trpcProxy, doc = document): number {
  return seedEntries(queryClient, trpc, readEntries(doc));
}
