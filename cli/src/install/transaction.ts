// The commit phase of an install or removal: every package directory swapped into place and
// pkg.json and pkg-lock.json rewritten, or, on any failure, everything put back exactly as it
// was (previous package directories, and the two files byte for byte).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { jsonText, writeFileAtomic } from '../lib/json-file.js';
import type { Project } from '../lib/project.js';

export interface DirectoryChange {
  /** Where the package lives: .pkg/packages/@ns/name. */
  target: string;
  /** The verified, extracted directory to move there; undefined removes the package. */
  source: string | undefined;
}

function snapshot(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function restoreFile(file: string, text: string | undefined): void {
  if (text === undefined) rmSync(file, { force: true });
  else writeFileAtomic(file, text);
}

export function commit(
  project: Project,
  changes: readonly DirectoryChange[],
  manifest: unknown,
  lock: unknown,
): void {
  const manifestBefore = snapshot(project.manifestFile);
  const lockBefore = snapshot(project.lockFile);
  const undo: (() => void)[] = [];
  const backups: string[] = [];
  mkdirSync(project.tmpDir, { recursive: true });
  try {
    for (const { target, source } of changes) {
      if (existsSync(target)) {
        const backup = path.join(project.tmpDir, `previous-${randomBytes(6).toString('hex')}`);
        renameSync(target, backup);
        backups.push(backup);
        undo.push(() => {
          rmSync(target, { recursive: true, force: true });
          renameSync(backup, target);
        });
      }
      if (source) {
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(source, target);
        undo.push(() => {
          if (!existsSync(source)) renameSync(target, source);
        });
      }
    }
    writeFileAtomic(project.manifestFile, jsonText(manifest));
    writeFileAtomic(project.lockFile, jsonText(lock));
  } catch (error) {
    restoreFile(project.manifestFile, manifestBefore);
    restoreFile(project.lockFile, lockBefore);
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        // Keep undoing the rest: every step restores an independent directory.
      }
    }
    throw error;
  }
  for (const backup of backups) rmSync(backup, { recursive: true, force: true });
}
