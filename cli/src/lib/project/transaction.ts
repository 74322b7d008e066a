// The commit phase of an install or removal: every package directory swapped into place and
// pkg.json and pkg-lock.json rewritten (project-files.ts), or, on any failure, everything put
// back exactly as it was (previous package directories, and the two files byte for byte).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { snapshotProjectFiles, writeProjectFiles, type ProjectFiles } from './project-files.js';
import type { Project } from './project.js';

export interface DirectoryChange {
  /** Where the package lives: .pkg/packages/@ns/name. */
  target: string;
  /** The verified, extracted directory to move there; undefined removes the package. */
  source: string | undefined;
}

export function commit(project: Project, changes: readonly DirectoryChange[], files: ProjectFiles): void {
  const restoreFiles = snapshotProjectFiles(project);
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
    writeProjectFiles(project, files);
  } catch (error) {
    restoreFiles();
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
