// pkg install, in six steps: resolve (resolve.ts: ranges on the registry, or the lock pins),
// download and verify (download.ts, verify.ts in the order of docs/registry-api.md), check each
// version's signature and log inclusion (trust.ts, docs/trust.md "What the CLI checks"), consent to
// the permissions requested (permissions.ts), stage into .pkg/tmp and load as `pkg run` would
// (stage.ts), then commit every package with pkg.json and pkg-lock.json at once
// (lib/project/). Any failure before or during the commit leaves the project exactly as it was.
import type { Permissions } from '@pkg/shared/contract';
import { readProjectFiles, withInstalled, type InstalledEntry } from '../lib/project/project-files.js';
import type { Project } from '../lib/project/project.js';
import { commit } from '../lib/project/transaction.js';
import { installedRecord } from '../trust/installed-record.js';
import { writeVerifiedEntry } from '../trust/verified-cache.js';
import { downloadAndVerify, type VerifiedTarget } from './download.js';
import { versionNotices, type VersionNotices } from './notices.js';
import type { RecordedGrant } from './permissions.js';
import { resolveTargets } from './resolve.js';
import { stage } from './stage.js';
import { checkTrust, TrustRequests, versionKey } from './trust.js';

export interface InstallOptions {
  project: Project;
  specs: string[];
  registryFlag: string | undefined;
  acceptPermissions: boolean;
  progress: boolean;
}

export interface InstalledPackage {
  name: string;
  version: string;
  integrity: string;
  size: number;
  registry: string;
  download: string;
  fromLock: boolean;
  permissions: Permissions;
  checks: string[];
  /** The reason it is yanked (installed only as a lock pin), or null. */
  yanked: string | null;
  /** Its deprecation message, or null. */
  deprecated: string | null;
}

export async function install(options: InstallOptions): Promise<InstalledPackage[]> {
  const { project } = options;
  const files = readProjectFiles(project);
  const requests = new TrustRequests();
  const targets = await resolveTargets(
    options.specs,
    options.registryFlag,
    files,
    (...chosen) => requests.ask(...chosen),
    (...pinned) => requests.askPinned(...pinned),
  );
  if (targets.length === 0) return [];
  const trustCheck = checkTrust(targets, requests);
  trustCheck.catch(() => undefined); // awaited after the archive checks, whose failures come first
  const verified = await downloadAndVerify(targets, options.progress);
  const trust = await trustCheck;
  const notices = await Promise.all(
    verified.map(async (v) => versionNotices(v.target, await v.target.record)),
  );
  for (const note of [...trust.notes, ...notices.flatMap((n) => n.warnings)])
    process.stderr.write(`pkg: ${note}\n`);
  const { requireConsent } = await import('./permissions.js');
  const granted = requireConsent(
    verified.map(({ target, result }) => ({
      id: target.id,
      version: target.version,
      permissions: result.manifest.permissions,
    })),
    (id) => recordedGrant(files, id),
    options.acceptPermissions,
  );
  for (const line of granted) process.stderr.write(`pkg: ${line}; granted by --accept-permissions\n`);
  const entries = await Promise.all(
    verified.map((v) => installedEntry(v, trust.logIndex.get(versionKey(v.target.id, v.target.version)))),
  );
  const staged = await stage(project, verified);
  try {
    commit(project, staged.changes, withInstalled(files, entries));
  } finally {
    staged.cleanup();
  }
  // Installed: what was checked may spare the next install from the lock its requests.
  for (const answers of trust.toCache) writeVerifiedEntry(answers);
  return verified.map(({ target, result }, i) => ({
    name: target.id,
    version: target.version,
    integrity: result.integrity,
    size: result.size,
    registry: target.registry,
    download: target.download,
    fromLock: target.pin !== undefined,
    permissions: result.manifest.permissions,
    checks: [...result.checks, trust.checks.get(versionKey(target.id, target.version)) ?? ''].filter(Boolean),
    ...noticeFields(notices[i]),
  }));
}

/** The grant pkg.json records for a package, with the version pkg-lock.json pins; none when new. */
function recordedGrant(files: ReturnType<typeof readProjectFiles>, id: string): RecordedGrant | undefined {
  const permissions = files.manifest.packages[id]?.permissions;
  return permissions ? { version: files.lock.packages[id]?.version, permissions } : undefined;
}

function noticeFields(notices: VersionNotices | undefined): Pick<InstalledPackage, 'yanked' | 'deprecated'> {
  return { yanked: notices?.yanked ?? null, deprecated: notices?.deprecated ?? null };
}

/** What pkg.json and pkg-lock.json record of a package, with its log index and its files' hashes. */
async function installedEntry(
  { target, result }: VerifiedTarget,
  logIndex: number | undefined,
): Promise<InstalledEntry> {
  const record = await target.record;
  return {
    id: target.id,
    range: target.range,
    version: target.version,
    integrity: result.integrity,
    size: result.size,
    registry: target.registry,
    download: target.download,
    permissions: result.manifest.permissions,
    ...installedRecord(result.files, record),
    ...(logIndex === undefined ? {} : { logIndex }),
  };
}
