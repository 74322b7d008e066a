// The hash of a package's installed files (docs/trust.md, "What the CLI checks"): Go's `h1:`
// directory hash, the SHA-256 of the lines `<sha256 hex of the file>  <path>\n`, sorted by path
// (byte order of the UTF-8 names), in base64 after `h1:`. The lock file keeps it with the hash of
// each file, so that a check names the file that changed, appeared or went missing.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** POSIX path inside the package → hex SHA-256 of the file's bytes. */
export type FileHashes = Record<string, string>;

const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** Sorted as Go sorts strings: by their UTF-8 bytes. */
function sortedPaths(paths: Iterable<string>): string[] {
  return [...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/** The `h1:` hash of files given by their hashes. */
export function treeHash(files: FileHashes): string {
  const summary = createHash('sha256');
  for (const file of sortedPaths(Object.keys(files))) {
    if (file.includes('\n')) throw new Error(`a file name holds a line break: ${JSON.stringify(file)}`);
    summary.update(`${files[file] ?? ''}  ${file}\n`);
  }
  return `h1:${summary.digest('base64')}`;
}

/** The hash of each file, from the files themselves (what an install writes). */
export function fileHashesOf(files: readonly { path: string; data: Uint8Array }[]): FileHashes {
  return Object.fromEntries(files.map((file) => [file.path, sha256Hex(file.data)]));
}

export interface InstalledTree {
  files: FileHashes;
  /** Paths that are not regular files or directories (links, devices, sockets). */
  irregular: string[];
}

/** Reads a package directory as it is on disk now, without following links. */
export function readInstalledTree(dir: string): InstalledTree {
  const tree: InstalledTree = { files: {}, irregular: [] };
  const walk = (relative: string) => {
    const entries = readdirSync(path.join(dir, relative)).sort();
    for (const name of entries) {
      const rel = relative ? `${relative}/${name}` : name;
      const stat = lstatSync(path.join(dir, rel));
      if (stat.isDirectory()) walk(rel);
      else if (stat.isFile()) tree.files[rel] = sha256Hex(readFileSync(path.join(dir, rel)));
      else tree.irregular.push(rel);
    }
  };
  walk('');
  return tree;
}
