// What pkg install tells of the versions it installs (docs/trust.md, "Yank and deprecate"): a
// yanked version is installed only because pkg-lock.json pins it, with a warning naming the
// reason; a deprecated version's message is shown. Both go to stderr, and into --json.
import type { VersionRecord } from '@pkg/shared/contract';
import type { Target } from './resolve.js';

export interface VersionNotices {
  yanked: string | null;
  deprecated: string | null;
  warnings: string[];
}

export function versionNotices(target: Target, record: VersionRecord): VersionNotices {
  const label = `${target.id}@${target.version}`;
  const yanked = record.yanked?.reason ?? null;
  const deprecated = record.deprecated?.message || null;
  const warnings = [
    ...(yanked === null ? [] : [`${label} is yanked (${yanked}); installed because pkg-lock.json pins it`]),
    ...(deprecated === null ? [] : [`${label} is deprecated: ${deprecated}`]),
  ];
  return { yanked, deprecated, warnings };
}
