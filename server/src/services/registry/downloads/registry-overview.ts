// The registry's overview for the home page (docs/registry-api.md, "The overview"): how many
// packages, versions and namespaces it holds, the packages published to most recently and the
// packages most downloaded over the last 7 days. A package whose every version is yanked is in
// neither list.
import { formatPackageId, type ListedPackage, type PackageRef, type RegistryOverview } from '@pkg/shared';
import type { PackageDoc } from '../../../db/models/package.js';
import type { VersionDoc } from '../../../db/models/version.js';
import type { RegistryDeps } from '../registry-deps.js';
import { mostDownloaded, weeklyDownloads } from './package-downloads.js';

/** How many packages each list shows. */
export const OVERVIEW_LIST_LENGTH = 10;
/** Candidates read for a list, so that packages left out (all versions yanked) leave it full. */
const CANDIDATES = OVERVIEW_LIST_LENGTH * 3;

type ListedDoc = Pick<
  PackageDoc,
  'namespace' | 'name' | 'description' | 'latest' | 'latestYanked' | 'latestDeprecated'
>;

async function countHoldings(deps: RegistryDeps): Promise<RegistryOverview['counts']> {
  const { Package, Version } = deps.models;
  const [packages, versions, namespaces] = await Promise.all([
    Package.countDocuments({}),
    Version.countDocuments({}),
    Package.distinct('namespace'),
  ]);
  return { packages, versions, namespaces: namespaces.length };
}

/** The packages of the most recently published versions, newest first, `count` at most. */
async function recentlyPublished(deps: RegistryDeps, count: number): Promise<PackageRef[]> {
  const found = new Map<string, PackageRef>();
  for (let read = count * 4; ; read *= 4) {
    const versions = await deps.models.Version.find({}, { _id: 0, namespace: 1, name: 1 })
      .sort({ publishedAt: -1, _id: -1 })
      .limit(read)
      .lean<Pick<VersionDoc, 'namespace' | 'name'>[]>();
    for (const v of versions) {
      if (found.size < count) found.set(formatPackageId(v.namespace, v.name), v);
    }
    if (found.size >= count || versions.length < read) return [...found.values()];
    found.clear();
  }
}

/** The packages named, as lists show them without their weekly downloads; fully yanked ones left out. */
async function listedPackages(
  deps: RegistryDeps,
  refs: readonly PackageRef[],
): Promise<Map<string, Omit<ListedPackage, 'weeklyDownloads'>>> {
  const listed = new Map<string, Omit<ListedPackage, 'weeklyDownloads'>>();
  if (refs.length === 0) return listed;
  const ids = [...new Set(refs.map((r) => formatPackageId(r.namespace, r.name)))];
  const docs = (
    await deps.models.Package.find(
      { id: { $in: ids } },
      { _id: 0, namespace: 1, name: 1, description: 1, latest: 1, latestYanked: 1, latestDeprecated: 1 },
    ).lean<ListedDoc[]>()
  ).filter((d) => d.latestYanked !== true);
  if (docs.length === 0) return listed;
  const latest = await deps.models.Version.find(
    { $or: docs.map((d) => ({ namespace: d.namespace, name: d.name, version: d.latest })) },
    { _id: 0, namespace: 1, name: 1, publishedAt: 1 },
  ).lean<Pick<VersionDoc, 'namespace' | 'name' | 'publishedAt'>[]>();
  const publishedAt = new Map(latest.map((v) => [formatPackageId(v.namespace, v.name), v.publishedAt]));
  for (const d of docs) {
    const id = formatPackageId(d.namespace, d.name);
    const at = publishedAt.get(id);
    if (!at) continue;
    listed.set(id, {
      name: id,
      description: d.description,
      latest: d.latest,
      publishedAt: at.toISOString(),
      deprecated: d.latestDeprecated ?? null,
    });
  }
  return listed;
}

export async function registryOverview(deps: RegistryDeps): Promise<RegistryOverview> {
  const [counts, recentRefs, popularRefs] = await Promise.all([
    countHoldings(deps),
    recentlyPublished(deps, CANDIDATES),
    mostDownloaded(deps, CANDIDATES),
  ]);
  const [listed, weekly] = await Promise.all([
    listedPackages(deps, [...recentRefs, ...popularRefs]),
    weeklyDownloads(deps, recentRefs),
  ]);
  for (const p of popularRefs) weekly.set(formatPackageId(p.namespace, p.name), p.downloads);
  const withDownloads = (refs: readonly PackageRef[]): ListedPackage[] =>
    refs
      .map((r) => formatPackageId(r.namespace, r.name))
      .flatMap((id) => {
        const pkg = listed.get(id);
        return pkg ? [{ ...pkg, weeklyDownloads: weekly.get(id) ?? 0 }] : [];
      })
      .slice(0, OVERVIEW_LIST_LENGTH);
  return { counts, recent: withDownloads(recentRefs), popular: withDownloads(popularRefs) };
}
