// The loader of the package and version pages: a malformed or unknown package or version is
// the not-found page; the rest is prefetched with the query options the page reads.
import { notFound } from '@tanstack/react-router';
import type { RouterContext } from '../routes/__root';
import { packageFilesQueryOptions } from './package-queries';
import { rethrowNotFound } from './trpc-error';
import { isPackageRef } from './url-params';

export interface PackageParams {
  namespace: string;
  name: string;
  version?: string;
}

export async function loadPackage(
  { queryClient, trpc }: RouterContext,
  params: PackageParams,
): Promise<{ version: string }> {
  const valid = isPackageRef(params.namespace, params.name, params.version);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's notFound() is thrown
  if (!valid) throw notFound();
  const ref = { namespace: params.namespace, name: params.name };
  // Every query is started in this same tick, so httpBatchLink sends them as one request: the
  // version's queries too when the URL names the version (docs/performance.md, "The package page").
  const info = queryClient.ensureQueryData(trpc.packages.get.queryOptions(ref));
  void queryClient.prefetchQuery(trpc.packages.versions.queryOptions(ref));
  void queryClient.prefetchQuery(trpc.namespaces.get.queryOptions({ namespace: ref.namespace }));
  // The package's trusted publishers (the summary beside the provenance), in the same batch.
  void queryClient.prefetchQuery(trpc.publishers.list.queryOptions(ref));
  // The registry's keys, which the page checks the version's signature with.
  void queryClient.prefetchQuery(trpc.trust.keys.queryOptions());
  // The downloads of the last 7 and 90 days (the count, the chart and the versions' counts).
  for (const period of ['last-week', 'last-90-days'] as const)
    void queryClient.prefetchQuery(trpc.packages.downloads.queryOptions({ ...ref, period }));
  // The latest version is known once packages.get answers: its queries then go in a second batch.
  const version = params.version ?? (await info.catch(rethrowNotFound)).latest;
  const record = queryClient.ensureQueryData(trpc.packages.version.queryOptions({ ...ref, version }));
  void queryClient.prefetchQuery(packageFilesQueryOptions(trpc, { ...ref, version }));
  void queryClient.prefetchQuery(trpc.packages.provenance.queryOptions({ ...ref, version }));
  // The score, the findings and the permission changes of the version.
  void queryClient.prefetchQuery(trpc.packages.insights.queryOptions({ ...ref, version }));
  await Promise.all([info, record]).catch(rethrowNotFound);
  return { version };
}
