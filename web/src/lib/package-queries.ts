// Query options shared by the package routes' loaders and components, so a loader's prefetch
// is exactly what the component reads; and the start of every query of a package page, shared by
// the route's loader (package-loader.ts) and the head start of main.tsx (package-head-start.ts).
// The page's queries are listed once, in @pkg/shared/contract (packagePageQueries): the server
// answers the same list into a package URL's HTML (server/src/spa/page-data.ts; docs/performance.md,
// "The package page's first paint"), and the SPA reads only that list out of it (page-data.ts).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@pkg/server/router';
import type { PackagePageParams, PackagePageQuery, VersionRef } from '@pkg/shared/contract';
import { packagePageQueries } from '@pkg/shared/contract';
import type { RouterContext } from '../routes/__root';
import type { trpc } from './trpc';

/**
 * SKILL.md and the tools' JSON Schema files of a version, read by the server out of the stored
 * artifact (packages.files). A published version's files never change.
 */
export function packageFilesQueryOptions(proxy: typeof trpc, ref: VersionRef) {
  return proxy.packages.files.queryOptions(ref, { staleTime: Infinity });
}

/** A package page's URL params: the version is absent on the latest-version page. */
export type PackageParams = PackagePageParams;

type Outputs = inferRouterOutputs<AppRouter>;
/** The answer of the procedure at `P` (`router.procedure`). */
type OutputOf<P extends string> = P extends `${infer R}.${infer Q}`
  ? R extends keyof Outputs
    ? Q extends keyof Outputs[R]
      ? Outputs[R][Q]
      : never
    : never
  : never;

/** What a query's options hold that the query client needs. */
interface Options<T> {
  queryKey: QueryKey;
  queryFn?: unknown;
  staleTime?: number;
  readonly _output?: T;
}

/**
 * The query options of one of the page's queries, built by the options proxy at its path (the same
 * key as `trpc.<router>.<procedure>.queryOptions(input)`); SKILL.md's as packageFilesQueryOptions.
 */
export function pageQueryOptions<P extends string>(
  proxy: typeof trpc,
  { path, input }: Pick<PackagePageQuery<P>, 'path' | 'input'>,
): Options<OutputOf<P>> {
  const [router = '', procedure = ''] = path.split('.');
  const query = (
    proxy as unknown as Record<
      string,
      Record<string, { queryOptions(input: unknown, opts?: object): object }>
    >
  )[router]?.[procedure];
  if (!query) throw new Error(`No procedure ${path}.`);
  const immutable = path === 'packages.files' ? { staleTime: Infinity } : undefined;
  return query.queryOptions(input, immutable) as Options<OutputOf<P>>;
}

/** The key of one of the page's queries (the inlined data is put under it: page-data.ts). */
export function pageQueryKey(proxy: typeof trpc, query: Pick<PackagePageQuery, 'path' | 'input'>): QueryKey {
  return pageQueryOptions(proxy, query).queryKey;
}

const ensure = <T>(queryClient: QueryClient, options: Options<T>) =>
  queryClient.ensureQueryData(options as Parameters<QueryClient['ensureQueryData']>[0]) as Promise<T>;
const prefetch = (queryClient: QueryClient, options: Options<unknown>) =>
  queryClient.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0]);

/**
 * Starts every query of a package page in this same tick, so httpBatchLink sends them as one
 * request: the version's queries too, by the URL's version or, on the latest-version page, by the
 * dist-tag `latest`, which the server resolves (docs/performance.md, "The latest-version page").
 * Started twice (the head start, then the loader), a query still in flight is not asked again.
 * The package and the version are awaited (the loader needs them); the others are prefetched.
 */
export function startPackageQueries({ queryClient, trpc }: RouterContext, params: PackageParams) {
  const queries = packagePageQueries(params);
  const { info, record, ...rest } = queries;
  const started = {
    info: ensure(queryClient, pageQueryOptions(trpc, info)),
    record: ensure(queryClient, pageQueryOptions(trpc, record)),
  };
  const others = Object.values(rest).map((query) => prefetch(queryClient, pageQueryOptions(trpc, query)));
  return { queries, ...started, others };
}
