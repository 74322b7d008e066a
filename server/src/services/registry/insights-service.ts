// A version's insights (docs/browsing.md): the package's downloads over the last 7 days, the
// version's score, the findings of the static look at its code and the permissions it adds to
// the highest published version below it. The scan is read from the version record; a version
// published before scans existed is scanned from its stored artifact on the first request and
// the scan stored (code-scan.ts).
import {
  formatPackageId,
  LATEST_TAG,
  permissionDiff,
  provenanceSchema,
  RegistryError,
  scorePackage,
  type Manifest,
  type PackageInsights,
  type PermissionDiff,
} from '@pkg/shared';
import semver from 'semver';
import type { RegistryDeps } from './registry-deps.js';
import type { VersionCodeScan, VersionDoc } from '../../db/models/version.js';
import { codeScanOf, needsScan, permissionsOf } from './code-scan.js';
import { readArtifactFiles } from './skill-md-service.js';
import { latestOf } from './version-writes.js';
import { weeklyDownloads } from './downloads/package-downloads.js';

/** packageInsightsInputSchema, parsed: by default (or as `latest`) the package's latest version. */
export interface InsightsInput {
  namespace: string;
  name: string;
  version?: string | undefined;
}

type ListedVersion = Pick<VersionDoc, 'version' | 'publishedAt' | 'yanked' | 'manifest'>;

async function listVersions(deps: RegistryDeps, namespace: string, name: string): Promise<ListedVersion[]> {
  const versions = await deps.models.Version.find(
    { namespace, name },
    { version: 1, publishedAt: 1, yanked: 1, 'manifest.permissions': 1 },
  ).lean<ListedVersion[]>();
  if (versions.length === 0) {
    throw new RegistryError('NOT_FOUND', `Package ${formatPackageId(namespace, name)} does not exist.`);
  }
  return versions;
}

/** The version asked for, by default (or as `latest`) the package's latest. */
function pick(versions: ListedVersion[], input: InsightsInput): ListedVersion {
  const named = input.version === LATEST_TAG ? undefined : input.version;
  const wanted = named ?? latestOf(versions)?.version;
  const found = versions.find((v) => v.version === wanted);
  if (found) return found;
  const id = formatPackageId(input.namespace, input.name);
  throw new RegistryError('NOT_FOUND', `Version ${wanted} of ${id} does not exist.`);
}

/** What the version adds to the highest published version below it; null for the first. */
function diffWithPrevious(versions: ListedVersion[], target: ListedVersion): PermissionDiff | null {
  const below = versions.filter((v) => semver.lt(v.version, target.version));
  const previous = below.reduce<ListedVersion | undefined>(
    (best, v) => (!best || semver.gt(v.version, best.version) ? v : best),
    undefined,
  );
  if (!previous) return null;
  const diff = permissionDiff(permissionsOf(previous.manifest), permissionsOf(target.manifest));
  return { previous: previous.version, ...diff };
}

/** The stored scan, or one made now from the stored artifact and stored for the next request. */
async function scanOf(deps: RegistryDeps, doc: VersionDoc, signal?: AbortSignal): Promise<VersionCodeScan> {
  if (doc.codeScan && !needsScan(doc.codeScan)) return doc.codeScan;
  const scan = codeScanOf(doc.manifest, await readArtifactFiles(deps, doc, signal));
  const { namespace, name, version } = doc;
  await deps.models.Version.updateOne({ namespace, name, version }, { $set: { codeScan: scan } });
  return scan;
}

export async function packageInsights(
  deps: RegistryDeps,
  input: InsightsInput,
  signal?: AbortSignal,
): Promise<PackageInsights> {
  const { namespace, name } = input;
  const [versions, downloads] = await Promise.all([
    listVersions(deps, namespace, name),
    weeklyDownloads(deps, [{ namespace, name }]).then((m) => m.get(formatPackageId(namespace, name)) ?? 0),
  ]);
  const target = pick(versions, input);
  const doc = await deps.models.Version.findOne({
    namespace,
    name,
    version: target.version,
  }).lean<VersionDoc>();
  if (!doc)
    throw new RegistryError(
      'NOT_FOUND',
      `Version ${target.version} of ${formatPackageId(namespace, name)} does not exist.`,
    );
  const scan = await scanOf(deps, doc, signal);
  const provenance = provenanceSchema.safeParse(doc.provenance);
  const lastPublishedAt = versions.reduce(
    (last, v) => (v.publishedAt > last ? v.publishedAt : last),
    doc.publishedAt,
  );
  const score = scorePackage({
    manifest: { ...(doc.manifest as Partial<Manifest>), permissions: permissionsOf(doc.manifest) },
    hasSkillMd: scan.skillMd,
    code: scan,
    provenance: provenance.success ? provenance.data : null,
    lastPublishedAt,
    now: deps.clock(),
  });
  return {
    name: formatPackageId(namespace, name),
    version: doc.version,
    weeklyDownloads: downloads,
    score,
    findings: scan.findings,
    permissions: permissionsOf(doc.manifest),
    permissionDiff: diffWithPrevious(versions, target),
  };
}
