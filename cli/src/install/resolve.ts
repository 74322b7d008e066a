// Client-side resolution (docs/registry-api.md, Install): list the versions,
// pick the highest that satisfies the range, then fetch its version record.
import { parsePackageId, type VersionRecord } from '@pkg/shared/browser';
import semver from 'semver';
import { CliError, EXIT } from '../exit.js';
import { callRegistry, type RegistryClient } from '../lib/trpc-client.js';

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
  if (range !== undefined && semver.validRange(range) === null) {
    throw new CliError('BAD_REQUEST', `"${range}" is not a semver range (in ${text}).`, {
      exitCode: EXIT.invalidInput,
      hint: 'Use an exact version (1.2.3) or a range such as ^1.2 or ~1.2.3.',
    });
  }
  return { id, ...parsed, range };
}

export interface Resolved {
  record: VersionRecord;
  /** The range to save in pkg.json. */
  range: string;
}

export async function resolveSpec(
  client: RegistryClient,
  registry: string,
  spec: PackageSpec,
): Promise<Resolved> {
  const info = await callRegistry(registry, () =>
    client.packages.get.query({ namespace: spec.namespace, name: spec.name }),
  );
  const versions = info.versions.map((v) => v.version);
  const version = spec.range === undefined ? info.latest : semver.maxSatisfying(versions, spec.range);
  if (!version) {
    throw new CliError(
      'NOT_FOUND',
      `No version of ${spec.id} satisfies ${spec.range}; available: ${versions.join(', ')}.`,
      {
        hint: 'Choose a range that one of the available versions satisfies.',
      },
    );
  }
  const record = await callRegistry(registry, () =>
    client.packages.version.query({ namespace: spec.namespace, name: spec.name, version }),
  );
  return { record, range: spec.range ?? `^${version}` };
}
