// The registry's overview for the home page (docs/registry-api.md, "The overview"): how many
// packages, versions and namespaces it holds, the packages published to most recently and the
// packages most downloaded over the last 7 days. A package whose every version is yanked is in
// neither list.
import {
  formatPackageId,
  parsePackageId,
  type ListedPackage,
  type PackageRef,
  type RegistryOverview,
} from '@pkg/shared';
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

/** The summaries of the packages named, by `@ns/name`; packages whose every version is yanked left out. */
async function listableDocs(deps: RegistryDeps, ids: readonly string[]): Promise<Map<string, ListedDoc>> {
  if (ids.length === 0) return new Map();
  const docs = await deps.models.Package.find(
    { id: { $in: [...new Set(ids)] } },
    { _id: 0, namespace: 1, name: 1, description: 1, latest: 1, latestYanked: 1, latestDeprecated: 1 },
  ).lean<ListedDoc[]>();
  return new Map(
    docs.filter((d) => d.latestYanked !== true).map((d) => [formatPackageId(d.namespace, d.name), d]),
  );
}

/** When each package's `latest` was published: one lookup by the unique index per package. */
async function latestPublishedAt(deps: RegistryDeps, docs: readonly ListedDoc[]): Promise<Map<string, Date>> {
  const found = await Promise.all(
    docs.map((d) =>
      deps.models.Version.findOne(
        { namespace: d.namespace, name: d.name, version: d.latest },
        { _id: 0, publishedAt: 1 },
      ).lean<Pick<VersionDoc, 'publishedAt'>>(),
    ),
  );
  return new Map(
    docs.flatMap((d, i) => {
      const at = found[i]?.publishedAt;
      return at ? [[formatPackageId(d.namespace, d.name), at] as const] : [];
    }),
  );
}

export async function registryOverview(deps: RegistryDeps): Promise<RegistryOverview> {
  const [counts, recentRefs, popular] = await Promise.all([
    countHoldings(deps),
    recentlyPublished(deps, CANDIDATES),
    mostDownloaded(deps, CANDIDATES),
  ]);
  const recentIds = recentRefs.map((r) => formatPackageId(r.namespace, r.name));
  const popularIds = popular.map((p) => p.id);
  const docs = await listableDocs(deps, [...recentIds, ...popularIds]);
  const shown = (ids: readonly string[]) => ids.filter((id) => docs.has(id)).slice(0, OVERVIEW_LIST_LENGTH);
  const recent = shown(recentIds);
  const top = shown(popularIds);
  const both = [...new Set([...recent, ...top])];
  const [publishedAt, weekly] = await Promise.all([
    latestPublishedAt(
      deps,
      both.flatMap((id) => docs.get(id) ?? []),
    ),
    weeklyDownloads(
      deps,
      both.flatMap((id) => parsePackageId(id) ?? []),
    ),
  ]);
  const listed = (ids: readonly string[]): ListedPackage[] =>
    ids.flatMap((id) => {
      const doc = docs.get(id);
      const at = publishedAt.get(id);
      if (!doc || !at) return [];
      return [
        {
          name: id,
          description: doc.description,
          latest: doc.latest,
          publishedAt: at.toISOString(),
          weeklyDownloads: weekly.get(id) ?? 0,
          deprecated: doc.latestDeprecated ?? null,
        },
      ];
    });
  return { counts, recent: listed(recent), popular: listed(top) };
}
