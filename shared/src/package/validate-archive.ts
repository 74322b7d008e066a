// The one validator of package archives, used by the CLI (pack, validate, install) and by the
// server (publish): decode safely in memory, validate the content, compare with the expected
// name and version. Returns every problem found. Never writes to disk, never runs package code.
import type { Manifest } from '../schemas/manifest.js';
import { formatPackageId } from '../schemas/names.js';
import { integrityOf, type IntegrityResult } from './integrity.js';
import { type Problem, PROBLEM_CODES as C, problem } from './problems.js';
import { type PackageFile, readArchive } from './read-archive.js';
import { validatePackage } from './validate-package.js';

export interface ValidateArchiveOptions {
  /** The package id the caller expects, `@ns/name`. */
  expectedName?: string | undefined;
  /** The exact version the caller expects. */
  expectedVersion?: string | undefined;
  /**
   * The integrity and size of these very bytes, when the caller hashed them as they arrived (an
   * install's download): returned as they are instead of hashing the archive a second time
   * (docs/performance.md, "Install from the lock, fifth pass").
   */
  hashed?: IntegrityResult | undefined;
}

export type ValidateArchiveResult =
  | {
      ok: true;
      manifest: Manifest;
      /** Regular files sorted by path, held in memory (directories are implied by the paths). */
      files: PackageFile[];
      /** `sha256-<hex>` of the archive bytes. */
      integrity: string;
      /** Archive size in bytes. */
      size: number;
    }
  | { ok: false; problems: Problem[] };

export async function validateArchive(
  bytes: Uint8Array,
  options: ValidateArchiveOptions = {},
): Promise<ValidateArchiveResult> {
  const read = await readArchive(bytes);
  if (read.fatal) return { ok: false, problems: read.problems };
  const content = validatePackage(new Map(read.files.map((f) => [f.path, f.data])));
  const problems = [...read.problems, ...content.problems];
  const { manifest } = content;
  if (manifest) problems.push(...expectationProblems(manifest, options));
  if (!manifest || problems.length > 0) return { ok: false, problems };
  const files = [...read.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const { integrity, size } = options.hashed ?? integrityOf(bytes);
  return { ok: true, manifest, files, integrity, size };
}

function expectationProblems(manifest: Manifest, options: ValidateArchiveOptions): Problem[] {
  const problems: Problem[] = [];
  const actualName = formatPackageId(manifest.namespace, manifest.name);
  if (options.expectedName !== undefined && options.expectedName !== actualName) {
    const message = `the archive holds ${actualName}, not the expected ${options.expectedName}`;
    problems.push(problem('manifest.json#/name', C.NAME_MISMATCH, message));
  }
  if (options.expectedVersion !== undefined && options.expectedVersion !== manifest.version) {
    const message = `the archive holds version ${manifest.version}, not the expected ${options.expectedVersion}`;
    problems.push(problem('manifest.json#/version', C.VERSION_MISMATCH, message));
  }
  return problems;
}
