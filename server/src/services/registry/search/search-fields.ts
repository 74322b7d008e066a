// The search words of versions published before search ranked, computed again from their stored
// files, and the search fields of their packages (docs/browsing.md, "Search"; the migration
// 0004-package-search-fields of docs/operator.md). A publish computes both itself
// (version-writes.ts); this is for what was published before.
import { formatPackageId, type Manifest } from '@pkg/shared';
import type { VersionDoc } from '../../../db/models/version.js';
import type { RegistryDeps } from '../registry-deps.js';
import { readArtifactFiles } from '../skill-md-service.js';
import { latestOf, SUMMARY_PROJECTION, type SummaryVersion } from '../version-writes.js';
import { packageSearchFields, versionSearchTerms } from './search-terms.js';

const missing = (field: string) => ({ $or: [{ [field]: { $exists: false } }, { [field]: null }] });

export interface SearchBackfill {
  versions: number;
  unreadable: number;
  packages: number;
}

/** Sets `searchTerms` on one version from its stored files; false when they cannot be read. */
async function backfillVersion(deps: RegistryDeps, doc: VersionDoc): Promise<boolean> {
  try {
    const files = await readArtifactFiles(deps, doc);
    const searchTerms = versionSearchTerms(doc.manifest as Manifest, files);
    const { namespace, name, version } = doc;
    await deps.models.Version.updateOne(
      { namespace, name, version, ...missing('searchTerms') },
      { $set: { searchTerms } },
    );
    return true;
  } catch (error) {
    const id = `${formatPackageId(doc.namespace, doc.name)}@${doc.version}`;
    deps.logger.warn({ err: error, version: id }, 'search words not computed: the artifact is unreadable');
    return false;
  }
}

/** Sets the package's search fields from its latest version (its summary otherwise unchanged). */
export async function refreshSearchFields(
  deps: RegistryDeps,
  namespace: string,
  name: string,
): Promise<void> {
  const versions = await deps.models.Version.find({ namespace, name }, SUMMARY_PROJECTION).lean<
    SummaryVersion[]
  >();
  const latest = latestOf(versions);
  if (!latest) return;
  await deps.models.Package.updateOne(
    { namespace, name },
    {
      $set: { search: packageSearchFields({ ...latest, namespace, name }), indexedAt: deps.clock() },
      $inc: { revision: 1 },
    },
  );
  deps.search.invalidate();
}

/**
 * Every version without search words gets them; then every package without search fields, or with
 * a version given words here, gets its fields again.
 */
export async function backfillSearch(deps: RegistryDeps): Promise<SearchBackfill> {
  const touched = new Map<string, { namespace: string; name: string }>();
  let versions = 0;
  let unreadable = 0;
  for await (const doc of deps.models.Version.find(missing('searchTerms')).lean<VersionDoc>().cursor()) {
    if (await backfillVersion(deps, doc)) {
      versions += 1;
      touched.set(formatPackageId(doc.namespace, doc.name), { namespace: doc.namespace, name: doc.name });
    } else unreadable += 1;
  }
  const lacking = await deps.models.Package.find(missing('search'), { _id: 0, namespace: 1, name: 1 }).lean<
    { namespace: string; name: string }[]
  >();
  for (const ref of lacking) touched.set(formatPackageId(ref.namespace, ref.name), ref);
  for (const ref of touched.values()) await refreshSearchFields(deps, ref.namespace, ref.name);
  return { versions, unreadable, packages: touched.size };
}
