// Packing a package directory into its deterministic archive `<ns>-<name>-<version>.tar.gz`.
// The bytes depend only on the packed paths, contents and owner-execute bits: not on mtimes,
// owners, umask, the directory's location or the order readdir returns.
// The archive is validated with the same validator the registry runs before it is returned.
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Manifest } from '../schemas/manifest.js';
import { collectFiles } from './collect-files.js';
import { InvalidPackageError } from './problems.js';
import { validateArchive } from './validate-archive.js';
import { type ArchiveInputFile, writeArchive } from './write-archive.js';

export interface PackResult {
  bytes: Buffer;
  /** `<namespace>-<name>-<version>.tar.gz`. */
  filename: string;
  /** `sha256-<64 hex>` of `bytes`. */
  integrity: string;
  size: number;
  /** Packed regular files, sorted by path. */
  files: string[];
  manifest: Manifest;
  /** Hidden entries and node_modules that were left out. */
  skipped: string[];
}

export function archiveFilename(manifest: Pick<Manifest, 'namespace' | 'name' | 'version'>): string {
  return `${manifest.namespace}-${manifest.name}-${manifest.version}.tar.gz`;
}

/** Read a file without following a symlink swapped in after the walk. */
async function readNoFollow(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Pack `dir`; throws InvalidPackageError (with every problem) when the package is invalid. */
export async function packDirectory(dir: string): Promise<PackResult> {
  if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`);
  const collected = await collectFiles(dir);
  if (collected.problems.length > 0) throw new InvalidPackageError(collected.problems);
  const inputs: ArchiveInputFile[] = [];
  for (const file of collected.files) {
    inputs.push({ path: file.path, data: await readNoFollow(file.absolute), executable: file.executable });
  }
  const bytes = writeArchive(inputs);
  const result = await validateArchive(bytes);
  if (!result.ok) throw new InvalidPackageError(result.problems);
  return {
    bytes,
    filename: archiveFilename(result.manifest),
    integrity: result.integrity,
    size: result.size,
    files: result.files.map((f) => f.path),
    manifest: result.manifest,
    skipped: collected.skipped,
  };
}
