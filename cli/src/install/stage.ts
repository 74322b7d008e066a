// The fourth step of pkg install: each verified package written into its own directory under
// .pkg/tmp (the files that were checked, never the archive) and loaded by the runtime loader as
// `pkg run` would load it. Nothing outside .pkg/tmp changes; commit() moves the directories into
// place, and cleanup() removes whatever is left of them.
import { rmSync } from 'node:fs';
import { packageIdParts } from '@pkg/shared/contract/core';
import { packageDir, type Project } from '../lib/project/project.js';
import type { DirectoryChange } from '../lib/project/transaction.js';
import type { VerifiedTarget } from './download.js';

export interface Staged {
  changes: DirectoryChange[];
  cleanup: () => void;
}

export async function stage(project: Project, verified: readonly VerifiedTarget[]): Promise<Staged> {
  const { extractToTemp, loadInstalledPackage } = await import('./checks.js');
  const changes: DirectoryChange[] = [];
  const cleanup = () => {
    for (const { source } of changes) if (source) rmSync(source, { recursive: true, force: true });
  };
  try {
    for (const { target, result } of verified) {
      const dir = extractToTemp(project, result.files, `${target.id}@${target.version}`);
      changes.push({ target: packageDir(project, target.id), source: dir });
      const { namespace, name } = packageIdParts(target.id);
      // The files written are the archive's, checked by validatePackage in verify.ts: the loader
      // reads them back from disk and validates them again only if they differ.
      await loadInstalledPackage(dir, {
        expect: { namespace, name, version: target.version },
        validated: { files: result.files, manifest: result.manifest },
      });
    }
  } catch (error) {
    cleanup();
    throw error;
  }
  return { changes, cleanup };
}
