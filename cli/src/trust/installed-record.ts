// What the lock file records of a package's trust at install (docs/trust.md, "What the CLI
// checks"): the index of its publish entry in the registry's log, when the record names one, and
// the hashes of the files the install writes (tree-hash.ts), so that `pkg verify` and `pkg run`
// can name a file that changed since.
import type { VersionRecord } from '@pkg/shared';
import { fileHashesOf, treeHash, type FileHashes } from './tree-hash.js';

export interface InstalledRecord {
  logIndex: number | null;
  files: string;
  fileHashes: FileHashes;
}

export function installedRecord(
  files: readonly { path: string; data: Uint8Array }[],
  record: Partial<Pick<VersionRecord, 'log'>>,
): InstalledRecord {
  const fileHashes = fileHashesOf(files);
  return { logIndex: record.log?.index ?? null, files: treeHash(fileHashes), fileHashes };
}
