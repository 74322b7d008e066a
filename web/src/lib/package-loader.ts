// The loader of the package and version pages: a malformed or unknown package or version is
// the not-found page; the rest is prefetched with the query options the page reads.
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { LATEST_TAG } from '@pkg/shared/contract';
import type { RouterContext } from '../routes/__root';
import { packageFilesQueryOptions } from './package-queries';
import { rethrowNotFound } from './trpc-error';
import { isPackageRef } from './url-params';

export interface PackageParams {
  namespace: string;
  name: string;
  version?: string;
}

type PackageRef = Pick<PackageParams, 'namespace' | 'name'>;

/** The version's queries (record, SKILL.md, provenance, insights) by an exact version or `latest`. */
function versionQueries({ trpc }: RouterContext, ref: PackageRef & { version: string }) {
  return {
    record: trpc.packages.version.queryOptions(ref),
    files: packageFilesQueryOptions(trpc, ref),
    provenance: trpc.packages.provenance.queryOptions(ref),
    insights: trpc.packages.insights.queryOptions(ref),
  };
}

/** Keeps `data` under `exact`'s key too when it is `version`'s (the page reads by the exact version). */
function keepAs<T extends { version: string }>(
  queryClient: QueryClient,
  from: { queryKey: readonly unknown[] },
  exact: { queryKey: readonly unknown[] },
  version: string,
): void {
  const data = queryClient.getQueryData<T>(from.queryKey);
  if (data?.version === version) queryClient.setQueryData<T>(exact.queryKey, data);
}

export async function loadPackage(
  context: RouterContext,
  params: PackageParams,
): Promise<{ version: string }> {
  const { queryClient, trpc } = context;
  const valid = isPackageRef(params.namespace, params.name, params.version);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's notFound() is thrown
  if (!valid) throw notFound();
  const ref = { namespace: params.namespace, name: params.name };
  // Every query is started in this same tick, so httpBatchLink sends them as one request: the
  // version's queries too, by the URL's version or, on the latest-version page, by the dist-tag
  // `latest`, which the server resolves (docs/performance.md, "The latest-version page").
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
  const selected = versionQueries(context, { ...ref, version: params.version ?? LATEST_TAG });
  const record = queryClient.ensureQueryData(selected.record);
  // The score, the findings and the permission changes of the version, its SKILL.md and provenance.
  const others = [
    queryClient.prefetchQuery(selected.files),
    queryClient.prefetchQuery(selected.provenance),
    queryClient.prefetchQuery(selected.insights),
  ];
  const [, found] = await Promise.all([info, record]).catch(rethrowNotFound);
  const version = found.version;
  if (params.version === undefined) {
    // The page reads by the exact version: what `latest` answered is kept under its key as well,
    // once the batch (one response for all) has answered, so the page asks for nothing again.
    await Promise.all(others);
    const exact = versionQueries(context, { ...ref, version });
    keepAs(queryClient, selected.record, exact.record, version);
    keepAs(queryClient, selected.files, exact.files, version);
    keepAs(queryClient, selected.provenance, exact.provenance, version);
    keepAs(queryClient, selected.insights, exact.insights, version);
  }
  return { version };
}
