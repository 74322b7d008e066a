// Query options shared by the package routes' loaders and components, so a loader's prefetch
// is exactly what the component reads; and the start of every query of a package page, shared by
// the route's loader (package-loader.ts) and the head start of main.tsx (package-head-start.ts).
// The server answers the same procedures with the same inputs into a package URL's HTML
// (server/src/spa/page-data.ts; docs/performance.md, "The package page's first paint"): a query
// added here is added there, or a first load asks for it (the e2e test of that page counts).
import type { VersionRef } from '@pkg/shared/contract';
import { LATEST_TAG } from '@pkg/shared/contract';
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
export interface PackageParams {
  namespace: string;
  name: string;
  version?: string;
}

/** The version's queries (record, SKILL.md, provenance, insights) by an exact version or `latest`. */
export function versionQueries({ trpc }: RouterContext, ref: VersionRef) {
  return {
    record: trpc.packages.version.queryOptions(ref),
    files: packageFilesQueryOptions(trpc, ref),
    provenance: trpc.packages.provenance.queryOptions(ref),
    insights: trpc.packages.insights.queryOptions(ref),
  };
}

/**
 * Starts every query of a package page in this same tick, so httpBatchLink sends them as one
 * request: the version's queries too, by the URL's version or, on the latest-version page, by the
 * dist-tag `latest`, which the server resolves (docs/performance.md, "The latest-version page").
 * Started twice (the head start, then the loader), a query still in flight is not asked again.
 */
export function startPackageQueries(context: RouterContext, params: PackageParams) {
  const { queryClient, trpc } = context;
  const ref = { namespace: params.namespace, name: params.name };
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
  return { ref, info, selected, record, others };
}
