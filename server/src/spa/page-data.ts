// The data of a package page, put into the HTML the server sends for its URL (docs/performance.md,
// "The package page's first paint"): the same procedures, with the same inputs, that the SPA's
// loader starts (startPackageQueries in web/src/lib/package-queries.ts), called through the tRPC
// caller with an anonymous context (no Authorization header: public reads only), so that the SPA
// seeds its query cache from the page and asks for nothing on a first load. An unknown package or
// version, or a store that does not answer, gets no data: the SPA asks for it and says so itself.
import type { Request } from 'express';
import { LATEST_TAG } from '@pkg/shared';
import superjson from 'superjson';
import { createContext } from '../context.js';
import type { AppDeps } from '../deps.js';
import { createCaller } from '../trpc/router.js';

/** A package page's URL params, as the SPA's router reads them (the version absent: latest). */
export interface PackagePage {
  namespace: string;
  name: string;
  version?: string;
}

/** `/@<namespace>/<name>` and `/@<namespace>/<name>/v/<version>`, an optional trailing slash. */
const PACKAGE_PATH = /^\/@([^/]+)\/([^/]+)(?:\/v\/([^/]+))?\/?$/;

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** The package page a path opens, if any (the procedures validate the names themselves). */
export function packagePageOf(pathname: string): PackagePage | undefined {
  const match = PACKAGE_PATH.exec(pathname);
  if (!match?.[1] || !match[2]) return undefined;
  const [namespace, name] = [decode(match[1]), decode(match[2])];
  const version = match[3] === undefined ? undefined : decode(match[3]);
  if (namespace === undefined || name === undefined || (match[3] !== undefined && version === undefined))
    return undefined;
  return version === undefined ? { namespace, name } : { namespace, name, version };
}

/** One query of the page: the procedure's path, its input (the query key's) and its answer. */
export interface PageDataEntry {
  path: string;
  input: unknown;
  data: unknown;
}

type Caller = ReturnType<typeof createCaller>;
type Call = readonly [path: string, input: unknown, run: (caller: Caller) => Promise<unknown>];

/** The loader's queries of the page, in its order: the package's, then the version's. */
function pageCalls(page: PackagePage): { calls: Call[]; required: string[] } {
  const ref = { namespace: page.namespace, name: page.name };
  const selected = { ...ref, version: page.version ?? LATEST_TAG };
  const week = { ...ref, period: 'last-week' } as const;
  const days90 = { ...ref, period: 'last-90-days' } as const;
  const calls: Call[] = [
    ['packages.get', ref, (c) => c.packages.get(ref)],
    ['packages.versions', ref, (c) => c.packages.versions(ref)],
    ['namespaces.get', { namespace: ref.namespace }, (c) => c.namespaces.get({ namespace: ref.namespace })],
    ['publishers.list', ref, (c) => c.publishers.list(ref)],
    ['trust.keys', undefined, (c) => c.trust.keys()],
    ['packages.downloads', week, (c) => c.packages.downloads(week)],
    ['packages.downloads', days90, (c) => c.packages.downloads(days90)],
    ['packages.version', selected, (c) => c.packages.version(selected)],
    ['packages.files', selected, (c) => c.packages.files(selected)],
    ['packages.provenance', selected, (c) => c.packages.provenance(selected)],
    ['packages.insights', selected, (c) => c.packages.insights(selected)],
  ];
  // Without the package and the version, the page is the not-found page: no data at all.
  return { calls, required: ['packages.get', 'packages.version'] };
}

/**
 * The page's answers, all asked at once; those that failed are left out (the SPA asks for them),
 * and nothing at all when the package or the version is unknown.
 */
export async function packagePageData(
  req: Request,
  deps: AppDeps,
  page: PackagePage,
): Promise<PageDataEntry[] | undefined> {
  const caller = createCaller({ ...createContext({ req, deps }), authorization: undefined });
  const { calls, required } = pageCalls(page);
  const settled = await Promise.allSettled(calls.map(([, , run]) => run(caller)));
  const entries: PageDataEntry[] = [];
  for (const [i, [path, input]] of calls.entries()) {
    const result = settled[i];
    if (result?.status === 'fulfilled') entries.push({ path, input, data: result.value });
    else if (required.includes(path)) return undefined;
  }
  return entries;
}

/**
 * The entries as the text of a `<script type="application/json">`: superjson (dates and the like
 * survive), with every `<` escaped as `\u003c` (JSON reads it back as the same character), so no
 * `</script>` or `<!--` in a description or a SKILL.md can end the element.
 */
export function pageDataText(entries: PageDataEntry[]): string {
  return superjson.stringify({ entries }).replaceAll('<', '\\u003c');
}
