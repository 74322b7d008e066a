// pkg install: resolve, fetch the record, download, verify (verify.ts, in the order of docs/registry-api.md),
// ask for permission consent, extract into .pkg/tmp, validate with the runtime loader, then
// commit every package and both project files at once (transaction.ts). Any failure before or
// during the commit leaves the project exactly as it was. With a lock file entry, only the
// pinned bytes are accepted.
import { rmSync } from 'node:fs';
// Schemas only (not the package validator): see checks.ts.
import { packageIdParts, type Permissions, type VersionRecord } from '@pkg/shared/browser';
import semver from 'semver';
import { CliError } from '../exit.js';
import {
  readProjectManifest,
  readLockFile,
  packageDir,
  type LockEntry,
  type LockFile,
  type Project,
  type ProjectManifest,
} from '../lib/project.js';
import { currentRegistry } from '../lib/registry.js';
import { downloadArtifact } from '../lib/rest-client.js';
import { callRegistry, createRegistryClient } from '../lib/trpc-client.js';
import { ungranted } from './permissions.js';
import { parseSpec, resolveSpec } from './resolve.js';
import { commit } from './transaction.js';

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
}

interface Target {
  id: string;
  range: string;
  registry: string;
  version: string;
  /** The version record: resolved already, or (for a lock pin) arriving during the download. */
  record: Promise<VersionRecord>;
  download: string;
  pin: LockEntry | undefined;
}

/** A lock pin: its record is fetched while the pinned bytes download (both are known). */
function pinnedTarget(id: string, range: string, pin: LockEntry): Target {
  const { namespace, name } = packageIdParts(id);
  const client = createRegistryClient(pin.registry);
  const record = callRegistry(pin.registry, () =>
    client.packages.version.query({ namespace, name, version: pin.version }),
  ).then((r) => {
    if (r.integrity !== pin.integrity || r.size !== pin.size) {
      throw new CliError(
        'INTEGRITY_MISMATCH',
        `The registry now records ${id}@${pin.version} as ${r.integrity} (${r.size} bytes), but pkg-lock.json pins ${pin.integrity} (${pin.size} bytes); nothing was installed.`,
        {
          hint: 'The lock file accepts only the pinned bytes. If the change is expected, remove the entry from pkg-lock.json and install again.',
        },
      );
    }
    return r;
  });
  record.catch(() => undefined);
  return { id, range, registry: pin.registry, version: pin.version, record, download: pin.download, pin };
}

async function targets(
  options: InstallOptions,
  manifest: ProjectManifest,
  lock: LockFile | undefined,
): Promise<Target[]> {
  const registry = currentRegistry(options.registryFlag, manifest.registry).url;
  const client = createRegistryClient(registry);
  const resolveNew = async (text: string): Promise<Target> => {
    const spec = parseSpec(text);
    const { record, range } = await resolveSpec(client, registry, spec);
    return {
      id: spec.id,
      range,
      registry,
      version: record.version,
      record: Promise.resolve(record),
      download: `${registry}${record.download}`,
      pin: undefined,
    };
  };
  if (options.specs.length > 0) return Promise.all(options.specs.map(resolveNew));
  return Promise.all(
    Object.entries(manifest.packages).map(([id, entry]) => {
      const pin = lock?.packages[id];
      if (pin && semver.satisfies(pin.version, entry.range, { includePrerelease: true }))
        return Promise.resolve(pinnedTarget(id, entry.range, pin));
      return resolveNew(`${id}@${entry.range}`);
    }),
  );
}

export async function install(options: InstallOptions): Promise<InstalledPackage[]> {
  const { project } = options;
  const manifest = readProjectManifest(project) ?? { packages: {} };
  const lock = readLockFile(project);
  const list = await targets(options, manifest, lock);
  if (list.length === 0) return [];

  const started = list.map((target) => {
    const label = `${target.id}@${target.version}`;
    const download = (async () => {
      const size = target.pin?.size ?? (await target.record).size;
      return downloadArtifact(target.download, label, size, options.progress);
    })();
    download.catch(() => undefined); // awaited below, once the checks have loaded
    return { target, download };
  });
  const { expectedFromRecord, extractToTemp, loadInstalledPackage, verifyArtifact } =
    await import('./checks.js');
  const verified = await Promise.all(
    started.map(async ({ target, download: pending }) => {
      const download = await pending;
      const expected = expectedFromRecord(await target.record);
      if (target.pin) Object.assign(expected, { integrity: target.pin.integrity, size: target.pin.size });
      return { target, result: await verifyArtifact(download, expected) };
    }),
  );

  const refusals = verified.flatMap(({ target, result }) => {
    const missing = ungranted(result.manifest.permissions, manifest.packages[target.id]?.permissions);
    return missing.length && !options.acceptPermissions
      ? missing.map((line) => ({ path: target.id, code: 'PERMISSION_NOT_GRANTED', message: line }))
      : [];
  });
  if (refusals.length > 0) {
    throw new CliError(
      'PERMISSIONS_REQUIRED',
      'Installation stopped: these packages request permissions that were not granted; nothing was installed.',
      {
        details: refusals,
        hint: 'Review them; to grant them, run the same command with --accept-permissions.',
      },
    );
  }

  const extracted: string[] = [];
  try {
    for (const { target, result } of verified) {
      const dir = extractToTemp(project, result.files, `${target.id}@${target.version}`);
      extracted.push(dir);
      const { namespace, name } = packageIdParts(target.id);
      await loadInstalledPackage(dir, { expect: { namespace, name, version: target.version } });
    }
    const nextManifest: ProjectManifest = { ...manifest, packages: { ...manifest.packages } };
    const nextLock: LockFile = { lockfileVersion: 1, packages: { ...(lock?.packages ?? {}) } };
    for (const { target, result } of verified) {
      nextManifest.packages[target.id] = { range: target.range, permissions: result.manifest.permissions };
      nextLock.packages[target.id] = {
        version: target.version,
        integrity: result.integrity,
        size: result.size,
        registry: target.registry,
        download: target.download,
        permissions: result.manifest.permissions,
      };
    }
    nextManifest.packages = sortKeys(nextManifest.packages);
    nextLock.packages = sortKeys(nextLock.packages);
    commit(
      project,
      verified.map(({ target }, i) => ({ target: packageDir(project, target.id), source: extracted[i] })),
      nextManifest,
      nextLock,
    );
  } finally {
    for (const dir of extracted) rmSync(dir, { recursive: true, force: true });
  }
  return verified.map(({ target, result }) => ({
    name: target.id,
    version: target.version,
    integrity: result.integrity,
    size: result.size,
    registry: target.registry,
    download: target.download,
    fromLock: target.pin !== undefined,
    permissions: result.manifest.permissions,
    checks: result.checks,
  }));
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
