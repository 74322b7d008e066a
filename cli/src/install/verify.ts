// The verification of the install flow (docs/registry-api.md, Install), in its order, stopping at the first
// failure: SHA-256 (and the x-pkg-integrity header), size, safe decoding plus validation plus
// the expected name and version, and the registry's manifest equal to the archive's; the
// signature and the log are the trust step's (trust.ts). Nothing is written before all of it passes.
import type { Manifest, VersionRecord } from '@pkg/shared/contract';
import { formatPackageId } from '@pkg/shared/contract/core';
import { canonicalJson, validateArchive, type PackageFile } from '@pkg/shared/package';
import { useCheckedSchemas } from './checked-schemas.js';
import { CliError } from '../exit.js';
import type { Downloaded } from '../lib/registry/rest-client.js';

export interface Expected {
  name: string;
  version: string;
  integrity: string;
  size: number;
  /** The manifest the registry recorded; absent when only a lock pin is known. */
  manifest?: unknown;
}

export interface Verified {
  manifest: Manifest;
  files: PackageFile[];
  integrity: string;
  size: number;
  checks: string[];
}

function tampered(
  message: string,
  hint = 'Do not use these bytes; report it to the registry operator.',
): CliError {
  return new CliError('INTEGRITY_MISMATCH', message, { hint });
}

export async function verifyArtifact(download: Downloaded, expected: Expected): Promise<Verified> {
  const id = `${expected.name}@${expected.version}`;
  const checks: string[] = [];
  if (download.integrity !== expected.integrity) {
    throw tampered(
      `The downloaded bytes of ${id} hash to ${download.integrity}, not ${expected.integrity}; nothing was installed.`,
    );
  }
  if (download.headerIntegrity !== null && download.headerIntegrity !== expected.integrity) {
    throw tampered(
      `The registry's x-pkg-integrity header for ${id} is ${download.headerIntegrity}, not ${expected.integrity}; nothing was installed.`,
    );
  }
  checks.push(`sha256 ${expected.integrity}`);
  if (download.size !== expected.size) {
    throw tampered(
      `The download of ${id} is ${download.size} bytes, not ${expected.size}; nothing was installed.`,
    );
  }
  checks.push(`size ${expected.size} bytes`);
  const saveCheckedSchemas = useCheckedSchemas();
  const checked = await validateArchive(download.bytes, {
    expectedName: expected.name,
    expectedVersion: expected.version,
    hashed: { integrity: download.integrity, size: download.size },
  });
  saveCheckedSchemas();
  if (!checked.ok) {
    throw new CliError(
      'INVALID_PACKAGE',
      `The archive of ${id} is not a valid package; nothing was installed.`,
      {
        details: checked.problems.map((p) => ({ path: p.path, code: p.code, message: p.message })),
        hint: 'Report it to the package publisher; a different version may install.',
      },
    );
  }
  checks.push('archive decoded safely and validated, name and version as expected');
  if (
    expected.manifest !== undefined &&
    canonicalJson(expected.manifest) !== canonicalJson(checked.manifest)
  ) {
    throw tampered(
      `The manifest the registry recorded for ${id} differs from the manifest inside the archive; nothing was installed.`,
    );
  }
  if (expected.manifest !== undefined) checks.push("the registry's manifest equals the archive's");
  return {
    manifest: checked.manifest,
    files: checked.files,
    integrity: checked.integrity,
    size: checked.size,
    checks,
  };
}

export function expectedFromRecord(record: VersionRecord): Expected {
  return {
    name: record.name,
    version: record.version,
    integrity: record.integrity,
    size: record.size,
    manifest: record.manifest,
  };
}

export function packageIdOf(manifest: Pick<Manifest, 'namespace' | 'name'>): string {
  return formatPackageId(manifest.namespace, manifest.name);
}
