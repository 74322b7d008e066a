// The loader of the package and version pages: a malformed or unknown package or version is
// the not-found page; the rest is prefetched with the query options the page reads.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { RouterContext } from '../routes/__root';
import { packagePageQueries } from '@pkg/shared/contract';
import { pageQueryKey, startPackageQueries, type PackageParams } from './package-queries';
import { rethrowNotFound } from './trpc-error';
import { isPackageRef } from './url-params';

export type { PackageParams };

/** Keeps `data` under `exact`'s key too when it is `version`'s (the page reads by the exact version). */
function keepAs(queryClient: QueryClient, from: QueryKey, exact: QueryKey, version: string): void {
  const data = queryClient.getQueryData<{ version?: unknown }>(from);
  if (data?.version === version) queryClient.setQueryData(exact, data);
}

export async function loadPackage(
  context: RouterContext,
  params: PackageParams,
): Promise<{ version: string }> {
  const valid = isPackageRef(params.namespace, params.name, params.version);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's notFound() is thrown
  if (!valid) throw notFound();
  // One batch for the page's data (docs/performance.md, "The latest-version page").
  const { queries, info, record, others } = startPackageQueries(context, params);
  const [, found] = await Promise.all([info, record]).catch(rethrowNotFound);
  const version = found.version;
  if (params.version === undefined) {
    // The page reads by the exact version: what `latest` answered is kept under its key as well,
    // once the batch (one response for all) has answered, so the page asks for nothing again.
    await Promise.all(others);
    const exact = packagePageQueries({ ...params, version });
    const { queryClient, trpc } = context;
    for (const [key, query] of Object.entries(queries) as [
      keyof typeof queries,
      (typeof queries)[keyof typeof queries],
    ][])
      if (query.scope === 'version')
        keepAs(queryClient, pageQueryKey(trpc, query), pageQueryKey(trpc, exact[key]), version);
  }
  return { version };
}
