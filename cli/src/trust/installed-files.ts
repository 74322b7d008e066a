// The installed files of a package against what the lock file recorded at install
// (docs/trust.md, "What the CLI checks"): `pkg verify` audits them, `pkg run` refuses a package
// whose files changed, naming each file that changed, appeared or went missing.
import { existsSync } from 'node:fs';
import { CliError } from '../exit.js';
import type { LockEntry } from '../lib/project/project.js';
import { readInstalledTree, treeHash, type FileHashes } from './tree-hash.js';

export interface FileProblem {
  path: string;
  change: 'changed' | 'added' | 'missing' | 'not a regular file';
}

export type InstalledFilesCheck =
  | { status: 'verified'; hash: string }
  /** The lock file has no hashes of this package's files (installed before they were recorded). */
  | { status: 'unrecorded' }
  | { status: 'not-installed' }
  | { status: 'modified'; problems: FileProblem[] };

function compare(recorded: FileHashes, tree: ReturnType<typeof readInstalledTree>): FileProblem[] {
  const problems: FileProblem[] = [];
  for (const [path, hash] of Object.entries(recorded)) {
    const now = tree.files[path];
    if (now === undefined && !tree.irregular.includes(path)) problems.push({ path, change: 'missing' });
    else if (now !== undefined && now !== hash) problems.push({ path, change: 'changed' });
  }
  for (const path of Object.keys(tree.files))
    if (!(path in recorded)) problems.push({ path, change: 'added' });
  for (const path of tree.irregular) problems.push({ path, change: 'not a regular file' });
  return problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Reads the package directory and compares it, file by file, with the lock entry. */
export function checkInstalledFiles(dir: string, entry: LockEntry | undefined): InstalledFilesCheck {
  if (!existsSync(dir)) return { status: 'not-installed' };
  if (!entry?.files || !entry.fileHashes) return { status: 'unrecorded' };
  // The per-file hashes must be the ones the recorded h1: hash covers, or the lock was edited.
  if (treeHash(entry.fileHashes) !== entry.files)
    return {
      status: 'modified',
      problems: [{ path: '(pkg-lock.json: its file hashes)', change: 'changed' }],
    };
  const problems = compare(entry.fileHashes, readInstalledTree(dir));
  if (problems.length > 0) return { status: 'modified', problems };
  return { status: 'verified', hash: entry.files };
}

/** "tools/x.js changed, extra.js added". */
export function describeFileProblems(problems: readonly FileProblem[]): string {
  return problems.map((p) => `${p.path} ${p.change}`).join(', ');
}

/**
 * Throws PACKAGE_MODIFIED when the package's files are not the ones installed; warns on stderr
 * when the lock file pins the package but recorded no hashes of its files.
 */
export function requireUnmodified(id: string, dir: string, entry: LockEntry | undefined): void {
  const check = checkInstalledFiles(dir, entry);
  if (check.status === 'unrecorded' && entry)
    process.stderr.write(
      `pkg: warning: pkg-lock.json records no hashes of the files of ${id}, so they were not checked; reinstall it to record them: pkg install ${id}\n`,
    );
  if (check.status !== 'modified') return;
  throw new CliError(
    'PACKAGE_MODIFIED',
    `The installed files of ${id} changed since it was installed (${describeFileProblems(check.problems)}); nothing was run.`,
    {
      details: check.problems.map((p) => ({
        path: `${id}/${p.path}`,
        code: 'FILE_MODIFIED',
        message: p.change,
      })),
      hint: `Reinstall it to get the published files back: pkg install ${id}`,
    },
  );
}
