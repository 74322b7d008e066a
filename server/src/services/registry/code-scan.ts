// The static look at a version's tool code (docs/browsing.md, "Findings"), made from the files of
// its artifact: at publish from the files the validator (or the legacy decoder) already holds,
// and for a version published before from its stored artifact, on the first insights request
// (insights-service.ts). Nothing in the package is run: the shared scanner parses the code.
import { analyzeToolCode, isToolCodePath, permissionsSchema, type Permissions } from '@pkg/shared';
import type { VersionCodeScan } from '../../db/models/version.js';

/** Bumped when the scanner looks for more: a stored scan of an older revision is made again. */
export const CODE_SCAN_REVISION = 1;
const SKILL_MD = 'SKILL.md';
const NO_PERMISSIONS: Permissions = { fs: { read: [], write: [] }, network: [], env: [] };

/** A manifest's permissions; none when a legacy record's are missing or malformed. */
export function permissionsOf(manifest: unknown): Permissions {
  const parsed = permissionsSchema.safeParse((manifest as { permissions?: unknown } | null)?.permissions);
  return parsed.success ? parsed.data : NO_PERMISSIONS;
}

/** The scan of a package's files (by path), against its manifest's permissions. */
export function codeScanOf(manifest: unknown, files: ReadonlyMap<string, Uint8Array>): VersionCodeScan {
  const decoder = new TextDecoder('utf-8');
  const code = [...files]
    .filter(([path]) => isToolCodePath(path))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, data]) => ({ path, text: decoder.decode(data) }));
  const { findings, hosts, env } = analyzeToolCode(code, permissionsOf(manifest));
  return { revision: CODE_SCAN_REVISION, findings, hosts, env, skillMd: files.has(SKILL_MD) };
}

/** True when the stored scan is missing or made by an older revision of the scanner. */
export function needsScan(scan: VersionCodeScan | null | undefined): boolean {
  return !scan || scan.revision < CODE_SCAN_REVISION;
}
