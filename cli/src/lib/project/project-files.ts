// pkg.json and pkg-lock.json as one pair: read together, changed together (installed
// packages added, removed packages dropped, keys sorted), and written together. An install or
// a removal computes the next pair here and hands it to transaction.ts, which writes it with
// writeProjectFiles after the package directories are in place, or restores the snapshot.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Permissions } from '@pkg/shared/contract';
import { jsonText, writeFileAtomic } from '../json-file.js';
import {
  readLockFile,
  readProjectManifest,
  type LockEntry,
  type LockFile,
  type Project,
  type ProjectManifest,
} from './project.js';

export interface ProjectFiles {
  manifest: ProjectManifest;
  lock: LockFile;
}

/** What an install records for one package: its range in pkg.json, its pin in pkg-lock.json. */
export interface InstalledEntry extends LockEntry {
  id: string;
  range: string;
  permissions: Permissions;
}

/** Both files, or empty ones where a file does not exist yet. */
export function readProjectFiles(project: Project): ProjectFiles {
  return {
    manifest: readProjectManifest(project) ?? { packages: {} },
    lock: readLockFile(project) ?? { lockfileVersion: 1, packages: {} },
  };
}

/** The pair with these packages added or replaced (the granted permissions are what they request). */
export function withInstalled(files: ProjectFiles, entries: readonly InstalledEntry[]): ProjectFiles {
  const manifest: ProjectManifest = { ...files.manifest, packages: { ...files.manifest.packages } };
  const lock: LockFile = { lockfileVersion: 1, packages: { ...files.lock.packages } };
  for (const { id, range, ...pin } of entries) {
    manifest.packages[id] = { range, permissions: pin.permissions };
    lock.packages[id] = pin;
  }
  return {
    manifest: { ...manifest, packages: sortKeys(manifest.packages) },
    lock: { ...lock, packages: sortKeys(lock.packages) },
  };
}

/** The pair without these packages. */
export function withoutPackages(files: ProjectFiles, ids: readonly string[]): ProjectFiles {
  const keep = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => !ids.includes(id)));
  return {
    manifest: { ...files.manifest, packages: keep(files.manifest.packages) },
    lock: { ...files.lock, packages: keep(files.lock.packages) },
  };
}

/** Both files as they are on disk now, and a function that puts exactly these bytes back. */
export function snapshotProjectFiles(project: Project): () => void {
  const texts = [project.manifestFile, project.lockFile].map(
    (file) => [file, existsSync(file) ? readFileSync(file, 'utf8') : undefined] as const,
  );
  return () => {
    for (const [file, text] of texts) {
      if (text === undefined) rmSync(file, { force: true });
      else writeFileAtomic(file, text);
    }
  };
}

/** Writes both files; a file whose bytes would not change is left as it is (no write, no fsync). */
export function writeProjectFiles(project: Project, files: ProjectFiles): void {
  for (const [file, text] of [
    [project.manifestFile, jsonText(files.manifest)],
    [project.lockFile, jsonText(files.lock)],
  ] as const)
    if (currentText(file) !== text) writeFileAtomic(file, text);
}

function currentText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
