// The data of a package page, put into the HTML the server sends for its URL (docs/performance.md,
// "The package page's first paint"): the page's queries as @pkg/shared/contract lists them
// (packagePageQueries, which the SPA's loader starts too), called through the tRPC
// caller with an anonymous context (no Authorization header: public reads only), so that the SPA
// seeds its query cache from the page and asks for nothing on a first load. An unknown package or
// version, or a store that does not answer, gets no data: the SPA asks for it and says so itself.
import type { Request } from 'express';
import { PACKAGE_PAGE_REQUIRED, packagePageQueries, type PackagePageParams } from '@pkg/shared';
import superjson from 'superjson';
import { createContext } from '../context.js';
import type { AppDeps } from '../deps.js';
import { createCaller } from '../trpc/router.js';

/** A package page's URL params, as the SPA's router reads them (the version absent: latest). */
export type PackagePage = PackagePageParams;

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
type Procedure = (input: unknown) => Promise<unknown>;

/** The caller's procedure at `path` (`router.procedure`, a path of the page's list). */
function procedureAt(caller: Caller, path: string): Procedure {
  const [router = '', name = ''] = path.split('.');
  const procedure = (caller as unknown as Record<string, Record<string, Procedure | undefined>>)[router]?.[
    name
  ];
  if (!procedure) throw new Error(`No procedure ${path}.`);
  return procedure;
}

/** The page's answers, and whether every query of the page answered (none left out). */
export interface PageAnswers {
  entries: PageDataEntry[];
  complete: boolean;
}

/**
 * The page's answers, all asked at once; those that failed are left out (the SPA asks for them),
 * and nothing at all when the package or the version is unknown.
 */
export async function packagePageData(
  req: Request,
  deps: AppDeps,
  page: PackagePage,
): Promise<PageAnswers | undefined> {
  const caller = createCaller({ ...createContext({ req, deps }), authorization: undefined });
  const queries = Object.entries(packagePageQueries(page));
  const settled = await Promise.allSettled(
    queries.map(([, { path, input }]) => procedureAt(caller, path)(input)),
  );
  const entries: PageDataEntry[] = [];
  for (const [i, [key, { path, input }]] of queries.entries()) {
    const result = settled[i];
    if (result?.status === 'fulfilled') entries.push({ path, input, data: result.value });
    // Without the package and the version, the page is the not-found page: no data at all.
    else if ((PACKAGE_PAGE_REQUIRED as readonly string[]).includes(key)) return undefined;
  }
  return { entries, complete: entries.length === queries.length };
}

/**
 * The entries as the text of a `<script type="application/json">`: superjson (dates and the like
 * survive), with every `<` escaped as `\u003c` (JSON reads it back as the same character), so no
 * `</script>` or `<!--` in a description or a SKILL.md can end the element.
 */
export function pageDataText(entries: PageDataEntry[]): string {
  return superjson.stringify({ entries }).replaceAll('<', '\\u003c');
}
