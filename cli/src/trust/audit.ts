// `pkg verify` without an argument (docs/trust.md, "What the CLI checks"): every package of the
// lock file, its installed files against the hashes recorded at install, then its signature and
// the inclusion of its publish entry in the registry's log. Each problem is named; the summary
// reads like `npm audit signatures`.
import { packageIdParts, TrustError, type BuildIdentity, type VersionRecord } from '@pkg/shared';
import { CliError, toCliError } from '../exit.js';
import { verifiedBuildSentence } from '../lib/registry/build-identity.js';
import { packageDir, type LockEntry, type Project } from '../lib/project/project.js';
import { callRegistry, createRegistryClient } from '../lib/registry/trpc-client.js';
import { checkVersionTrust, openTrustSession, trustCliError, type TrustOptions } from './check-install.js';
import { checkInstalledFiles, describeFileProblems, type InstalledFilesCheck } from './installed-files.js';

export type TrustOutcome =
  | {
      status: 'verified';
      signedBy: string;
      logIndex: number;
      /** The build identity the registry verified at publish (trusted publishing), under the signature. */
      build?: BuildIdentity;
    }
  | { status: 'failed'; code: string; message: string }
  | { status: 'not-checked' };

export interface AuditedPackage {
  name: string;
  version: string;
  registry: string;
  files: InstalledFilesCheck;
  trust: TrustOutcome;
}

export interface AuditProblem {
  /** The package, or the registry when the problem is the registry's. */
  subject: string;
  code: string;
  message: string;
}

export interface Audit {
  packages: AuditedPackage[];
  problems: AuditProblem[];
}

type Locked = [id: string, entry: LockEntry];

function fileProblem(id: string, files: InstalledFilesCheck): AuditProblem | undefined {
  switch (files.status) {
    case 'modified':
      return {
        subject: id,
        code: 'PACKAGE_MODIFIED',
        message: `changed files: ${describeFileProblems(files.problems)}`,
      };
    case 'unrecorded':
      return {
        subject: id,
        code: 'FILES_NOT_RECORDED',
        message: `pkg-lock.json records no hashes of its files; reinstall it to record them: pkg install ${id}`,
      };
    case 'not-installed':
      return { subject: id, code: 'PACKAGE_NOT_INSTALLED', message: `not installed; run pkg install` };
    case 'verified':
      return undefined;
  }
}

async function checkOne(
  session: Awaited<ReturnType<typeof openTrustSession>>,
  [id, entry]: Locked,
): Promise<TrustOutcome> {
  const client = createRegistryClient(session.registry);
  const { namespace, name } = packageIdParts(id);
  try {
    const record: VersionRecord = await callRegistry(session.registry, () =>
      client.packages.version.query({ namespace, name, version: entry.version }),
    );
    if (record.integrity !== entry.integrity)
      return {
        status: 'failed',
        code: 'INTEGRITY_MISMATCH',
        message: `the registry now records ${record.integrity}, pkg-lock.json pins ${entry.integrity}`,
      };
    const verdict = await checkVersionTrust(session, { id, version: entry.version, record });
    if (entry.logIndex != null && entry.logIndex !== verdict.logIndex)
      return {
        status: 'failed',
        code: 'LOG_INCLUSION_FAILED',
        message: `pkg-lock.json records log entry ${entry.logIndex}, the registry proves entry ${verdict.logIndex}`,
      };
    const build = record.provenance.build;
    return {
      status: 'verified',
      signedBy: verdict.signedBy,
      logIndex: verdict.logIndex,
      ...(build ? { build } : {}),
    };
  } catch (error) {
    const e = error instanceof TrustError ? trustCliError(error, session.registry) : toCliError(error);
    return { status: 'failed', code: e.code, message: e.message };
  }
}

/** The signatures and inclusions of the packages of one registry; a registry-wide failure is one problem. */
async function auditRegistry(
  registry: string,
  locked: readonly Locked[],
  options: TrustOptions,
): Promise<{ outcomes: TrustOutcome[]; problem?: AuditProblem }> {
  let session;
  try {
    session = await openTrustSession(registry, options);
  } catch (error) {
    const e = error instanceof TrustError ? trustCliError(error, registry) : toCliError(error);
    const ids = locked.map(([id]) => id).join(', ');
    const message =
      e.code === 'REGISTRY_UNSIGNED'
        ? `the registry does not sign versions yet: the signatures of ${ids} were not checked`
        : `${e.message} The signatures of ${ids} were not checked.`;
    return {
      outcomes: locked.map(() => ({ status: 'not-checked' })),
      problem: { subject: registry, code: e.code, message },
    };
  }
  const outcomes: TrustOutcome[] = [];
  for (const one of locked) outcomes.push(await checkOne(session, one));
  return { outcomes };
}

export interface AuditOptions extends TrustOptions {
  /** Check the installed files only, without asking the registry. */
  filesOnly?: boolean;
}

export async function auditProject(
  project: Project,
  lock: Record<string, LockEntry>,
  options: AuditOptions = {},
): Promise<Audit> {
  const locked = Object.entries(lock);
  const packages: AuditedPackage[] = locked.map(([id, entry]) => ({
    name: id,
    version: entry.version,
    registry: entry.registry,
    files: checkInstalledFiles(packageDir(project, id), entry),
    trust: { status: 'not-checked' },
  }));
  const problems = packages.flatMap((p) => fileProblem(p.name, p.files) ?? []);
  if (options.filesOnly) return { packages, problems };
  for (const registry of [...new Set(locked.map(([, e]) => e.registry))]) {
    const indexes = locked.flatMap(([, e], i) => (e.registry === registry ? [i] : []));
    const result = await auditRegistry(
      registry,
      indexes.map((i) => locked[i] as Locked),
      options,
    );
    indexes.forEach((i, k) => {
      const pkg = packages[i] as AuditedPackage;
      pkg.trust = result.outcomes[k] ?? { status: 'not-checked' };
      if (pkg.trust.status === 'failed')
        problems.push({ subject: pkg.name, code: pkg.trust.code, message: pkg.trust.message });
    });
    if (result.problem) problems.push(result.problem);
  }
  return { packages, problems };
}

const count = (n: number, what: string) =>
  `${n} package${n === 1 ? '' : 's'} ${n === 1 ? 'has' : 'have'} ${what}`;

/** The summary, in the manner of `npm audit signatures`. */
export function auditSummary(audit: Audit, filesOnly: boolean): string[] {
  const lines = [`audited ${audit.packages.length} package${audit.packages.length === 1 ? '' : 's'}`];
  const by = (status: InstalledFilesCheck['status']) =>
    audit.packages.filter((p) => p.files.status === status);
  lines.push(count(by('verified').length, 'verified files'));
  const modified = by('modified');
  if (modified.length > 0) {
    const named = modified.map((p) =>
      p.files.status === 'modified' ? `${p.name} (${describeFileProblems(p.files.problems)})` : p.name,
    );
    lines.push(`${count(modified.length, 'changed files')}: ${named.join('; ')}`);
  }
  const unrecorded = by('unrecorded');
  if (unrecorded.length > 0)
    lines.push(
      `${count(unrecorded.length, 'no recorded file hashes')} (reinstall to record them): ${unrecorded.map((p) => p.name).join(', ')}`,
    );
  if (!filesOnly) {
    const signed = audit.packages.filter((p) => p.trust.status === 'verified').length;
    lines.push(count(signed, 'verified registry signatures and log inclusion'));
    lines.push(...builtLines(audit.packages));
  }
  return lines;
}

/** Each package whose signed provenance names the CI build that published it (docs/publishing.md). */
function builtLines(packages: readonly AuditedPackage[]): string[] {
  return packages.flatMap((p) => {
    const build = p.trust.status === 'verified' ? p.trust.build : undefined;
    return build ? [`${p.name}@${p.version}: ${verifiedBuildSentence(build)}`] : [];
  });
}

export function auditError(audit: Audit): CliError {
  const n = audit.problems.length;
  return new CliError('AUDIT_FAILED', `pkg verify found ${n} problem${n === 1 ? '' : 's'}.`, {
    details: audit.problems.map((p) => ({ path: p.subject, code: p.code, message: p.message })),
    hint: 'Reinstall a package whose files changed (pkg install <package>); report a failed signature or log check to the registry operator.',
  });
}
