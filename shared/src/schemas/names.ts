// The grammar of names (docs/package-format.md, "Names and versions"): namespace, package name,
// `@ns/name` package ids, exact versions (SemVer 2.0.0, build metadata rejected) and
// integrity strings. Pure zod: safe in the browser.
// semver's function alone, not its index: the index evaluates every function and range module of
// the library (about 2 ms of each CLI start that loads a schema; docs/performance.md, "Install from
// the lock, fifth pass").
import semverValid from 'semver/functions/valid.js';
import * as z from 'zod';

import {
  INTEGRITY_PATTERN,
  NAMESPACE_PATTERN,
  PACKAGE_ID_PATTERN,
  PACKAGE_NAME_PATTERN,
} from './patterns.js';

export { INTEGRITY_PATTERN, NAMESPACE_PATTERN, PACKAGE_ID_PATTERN, PACKAGE_NAME_PATTERN };
/** The longest version string semver accepts. */
export const MAX_VERSION_LENGTH = 256;

export const namespaceSchema = z
  .string()
  .regex(
    NAMESPACE_PATTERN,
    'a namespace is 1 to 39 lowercase letters, digits or hyphens, not starting or ending with a hyphen',
  );
export type Namespace = z.infer<typeof namespaceSchema>;

export const packageNameSchema = z
  .string()
  .regex(
    PACKAGE_NAME_PATTERN,
    'a package name is 1 to 64 lowercase letters, digits, dots, underscores or hyphens, starting and ending with a letter or digit',
  );
export type PackageName = z.infer<typeof packageNameSchema>;

/** A package id `@ns/name` as a string (use `parsePackageId` for its parts). */
export const packageIdSchema = z
  .string()
  .regex(PACKAGE_ID_PATTERN, 'a package id has the form @<namespace>/<name>');
export type PackageId = z.infer<typeof packageIdSchema>;

/** Problem codes carried by version issues (see package/problems.ts). */
export const VERSION_ISSUE = { invalid: 'VERSION_INVALID', buildMetadata: 'VERSION_BUILD_METADATA' } as const;

/**
 * An exact version: SemVer 2.0.0 in its canonical form (no `v` prefix, no range), prerelease
 * allowed, build metadata (`+x`) rejected. The issue's `params.problem` carries the problem code.
 */
export const versionSchema = z.string().superRefine((value, ctx) => {
  if (value.includes('+')) {
    ctx.addIssue({
      code: 'custom',
      message: `build metadata is not allowed in a version ("${value}"); drop the "+…" suffix`,
      params: { problem: VERSION_ISSUE.buildMetadata },
    });
    return;
  }
  if (value.length > MAX_VERSION_LENGTH || semverValid(value) !== value) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not an exact SemVer 2.0.0 version such as 1.0.0 or 1.0.0-beta.1`,
      params: { problem: VERSION_ISSUE.invalid },
    });
  }
});
export type Version = z.infer<typeof versionSchema>;

export const integritySchema = z
  .string()
  .regex(INTEGRITY_PATTERN, 'an integrity string has the form sha256-<64 lowercase hex digits>');
export type Integrity = z.infer<typeof integritySchema>;

/** Split `@ns/name`; undefined when the id does not follow the grammar. */
export function parsePackageId(id: string): { namespace: string; name: string } | undefined {
  const match = PACKAGE_ID_PATTERN.exec(id);
  if (!match?.[1] || !match[2]) return undefined;
  return { namespace: match[1], name: match[2] };
}

/** The parts of an id already known to be valid (from a manifest or lock file that was parsed). */
export function packageIdParts(id: string): { namespace: string; name: string } {
  const parts = parsePackageId(id);
  if (!parts) throw new TypeError(`not a package id: ${id}`);
  return parts;
}

export function formatPackageId(namespace: string, name: string): string {
  return `@${namespace}/${name}`;
}
