// The first step of pkg install: what to install, at which version, from where. A package
// named on the command line is resolved on the client (docs/registry-api.md, Install): list
// the versions, pick the highest that satisfies the range, fetch its version record. A package
// of pkg.json whose lock pin still satisfies its range installs exactly the pinned bytes; its
// record is fetched while those bytes download, and must still match the pin.
import type { VersionRecord } from '@pkg/shared/contract';
import { packageIdParts, parsePackageId } from '@pkg/shared/contract/core';
// semver's three functions, not its index (which evaluates every module of the library).
import maxSatisfying from 'semver/ranges/max-satisfying.js';
import validRange from 'semver/ranges/valid.js';
import satisfies from 'semver/functions/satisfies.js';
import { CliError, EXIT } from '../exit.js';
import type { ProjectFiles } from '../lib/project/project-files.js';
import type { LockEntry } from '../lib/project/project.js';
import { chooseRegistry } from '../lib/registry/choose-registry.js';
import { callRegistry, createRegistryClient, type RegistryClient } from '../lib/registry/trpc-client.js';
import type { VerifiedPin } from '../trust/verified-cache.js';

export interface PackageSpec {
  id: string;
  namespace: string;
  name: string;
  /** A semver range; undefined means "the latest version". */
  range: string | undefined;
}

/** `@ns/name`, `@ns/name@1.2.3`, `@ns/name@^1.2`. */
export function parseSpec(text: string): PackageSpec {
  const at = text.indexOf('@', 1);
  const id = at === -1 ? text : text.slice(0, at);
  const range = at === -1 ? undefined : text.slice(at + 1);
  const parsed = parsePackageId(id);
  if (!parsed) {
    throw new CliError(
      'BAD_REQUEST',
      `"${text}" is not a package: write @<namespace>/<name>, optionally @<range>.`,
      {
        exitCode: EXIT.invalidInput,
        hint: 'For example: pkg install @acme/weather@^1.2',
      },
    );
  }
  if (range !== undefined && validRange(range) === null) {
    throw new CliError('BAD_REQUEST', `"${range}" is not a semver range (in ${text}).`, {
      exitCode: EXIT.invalidInput,
      hint: 'Use an exact version (1.2.3) or a range such as ^1.2 or ~1.2.3.',
    });
  }
  return { id, ...parsed, range };
}

function noVersion(spec: PackageSpec, versions: readonly string[], yanked: readonly string[]): CliError {
  const what = spec.range === undefined ? 'can be installed' : `satisfies ${spec.range}`;
  const skipped = yanked.length > 0 ? ` (yanked, never chosen: ${yanked.join(', ')})` : '';
  return new CliError(
    'NOT_FOUND',
    `No version of ${spec.id} ${what}; available: ${versions.join(', ') || 'none'}${skipped}.`,
    {
      hint: 'Choose a range that one of the available versions satisfies; a lock file that pins a yanked version still installs it.',
    },
  );
}

export interface Resolved {
  record: VersionRecord;
  /** The range to save in pkg.json. */
  range: string;
}

/**
 * Told each version chosen, in the tick its record is asked for through `client` (the trust step's
 * requests go in the same batch).
 */
export type OnChosen = (registry: string, id: string, version: string, client: RegistryClient) => void;

/**
 * Told each lock pin, to ask for its record (`fetchRecord`, through `client`) or take it from the
 * verified-record cache (install/trust.ts, TrustRequests.askPinned): the record it answers.
 */
export type OnPinned = (
  pin: VerifiedPin,
  client: RegistryClient,
  fetchRecord: () => Promise<VersionRecord>,
) => Promise<VersionRecord>;

export async function resolveSpec(
  client: RegistryClient,
  registry: string,
  spec: PackageSpec,
  onChosen?: OnChosen,
): Promise<Resolved> {
  const info = await callRegistry(registry, () =>
    client.packages.get.query({ namespace: spec.namespace, name: spec.name }),
  );
  // A yanked version is never chosen for a range, nor as latest (docs/trust.md, "Yank and deprecate").
  const versions = info.versions.filter((v) => !v.yanked).map((v) => v.version);
  const yanked = info.versions.filter((v) => v.yanked).map((v) => v.version);
  const version =
    spec.range === undefined
      ? versions.includes(info.latest)
        ? info.latest
        : null
      : maxSatisfying(versions, spec.range);
  if (!version) throw noVersion(spec, versions, yanked);
  const asked = callRegistry(registry, () =>
    client.packages.version.query({ namespace: spec.namespace, name: spec.name, version }),
  );
  onChosen?.(registry, spec.id, version, client);
  const record = await asked;
  return { record, range: spec.range ?? `^${version}` };
}

export interface Target {
  id: string;
  range: string;
  registry: string;
  version: string;
  /** The version record: resolved already, or (for a lock pin) arriving during the download. */
  record: Promise<VersionRecord>;
  download: string;
  pin: LockEntry | undefined;
}

/** The packages named on the command line, or else every package of pkg.json (pins honoured). */
export function resolveTargets(
  specs: readonly string[],
  registryFlag: string | undefined,
  files: ProjectFiles,
  onChosen?: OnChosen,
  onPinned?: OnPinned,
): Promise<Target[]> {
  const registry = chooseRegistry(registryFlag, files.manifest.registry).url;
  const client = createRegistryClient(registry);
  const resolveNew = async (text: string): Promise<Target> => {
    const spec = parseSpec(text);
    const { record, range } = await resolveSpec(client, registry, spec, onChosen);
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
  if (specs.length > 0) return Promise.all(specs.map(resolveNew));
  return Promise.all(
    Object.entries(files.manifest.packages).map(([id, entry]) => {
      const pin = files.lock.packages[id];
      if (pin && satisfies(pin.version, entry.range, { includePrerelease: true }))
        return Promise.resolve(pinnedTarget(id, entry.range, pin, onChosen, onPinned));
      return resolveNew(`${id}@${entry.range}`);
    }),
  );
}

function pinnedTarget(
  id: string,
  range: string,
  pin: LockEntry,
  onChosen?: OnChosen,
  onPinned?: OnPinned,
): Target {
  const { namespace, name } = packageIdParts(id);
  const client = createRegistryClient(pin.registry);
  const fetchRecord = () =>
    callRegistry(pin.registry, () =>
      client.packages.version.query({ namespace, name, version: pin.version }),
    );
  let asked: Promise<VersionRecord>;
  if (onPinned) {
    const { registry, version, integrity, size } = pin;
    asked = onPinned({ registry, id, version, integrity, size }, client, fetchRecord);
  } else {
    asked = fetchRecord();
    onChosen?.(pin.registry, id, pin.version, client);
  }
  const record = asked.then((r) => {
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
  record.catch(() => undefined); // awaited by the download step
  return { id, range, registry: pin.registry, version: pin.version, record, download: pin.download, pin };
}
