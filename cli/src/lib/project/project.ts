// The consuming project: pkg.json (installed packages with their ranges and granted
// permissions, optional registry), pkg-lock.json (exact pins) and the .pkg/ state directory.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { integritySchema, permissionsSchema, PACKAGE_ID_PATTERN } from '@pkg/shared/contract/core';
import * as z from 'zod';
import { readJsonFile } from '../json-file.js';

export const PROJECT_MANIFEST = 'pkg.json';
export const LOCK_FILE = 'pkg-lock.json';

const packageIdKey = z.string().regex(PACKAGE_ID_PATTERN, 'a key is a package id @<namespace>/<name>');

export const projectEntrySchema = z.object({
  /** The requested range, resolved by the client with semver. */
  range: z.string().min(1),
  /** Permissions the user granted to this package. */
  permissions: permissionsSchema.optional(),
});
export type ProjectEntry = z.infer<typeof projectEntrySchema>;

export const projectManifestSchema = z.looseObject({
  registry: z.string().optional(),
  packages: z.record(packageIdKey, projectEntrySchema).default({}),
});
export type ProjectManifest = z.infer<typeof projectManifestSchema>;

export const lockEntrySchema = z.object({
  version: z.string(),
  integrity: integritySchema,
  size: z.number().int().nonnegative(),
  registry: z.string(),
  download: z.string(),
  permissions: permissionsSchema,
  /**
   * The index of the version's publish entry in the registry's log; null when the registry named
   * none (docs/trust.md, "What the CLI checks"). Absent in lock files written before it existed.
   */
  logIndex: z.number().int().nonnegative().nullable().optional(),
  /** Go's `h1:` hash of the installed files (cli/src/trust/tree-hash.ts); absent in older lock files. */
  files: z
    .string()
    .regex(/^h1:[A-Za-z0-9+/]{43}=$/, 'an h1: hash')
    .optional(),
  /** The hex SHA-256 of each installed file by its path, so that a check names the file that changed. */
  fileHashes: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/, 'a hex SHA-256')).optional(),
});
export type LockEntry = z.infer<typeof lockEntrySchema>;

export const lockFileSchema = z.object({
  lockfileVersion: z.literal(1),
  packages: z.record(packageIdKey, lockEntrySchema),
});
export type LockFile = z.infer<typeof lockFileSchema>;

export interface Project {
  root: string;
  manifestFile: string;
  lockFile: string;
  stateDir: string;
  packagesDir: string;
  tmpDir: string;
}

/** The nearest directory upwards holding pkg.json, else the given directory. */
export function findProject(start: string = process.cwd()): Project {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, PROJECT_MANIFEST))) return projectAt(dir);
    const parent = path.dirname(dir);
    if (parent === dir) return projectAt(path.resolve(start));
    dir = parent;
  }
}

export function projectAt(root: string): Project {
  const stateDir = path.join(root, '.pkg');
  return {
    root,
    manifestFile: path.join(root, PROJECT_MANIFEST),
    lockFile: path.join(root, LOCK_FILE),
    stateDir,
    packagesDir: path.join(stateDir, 'packages'),
    tmpDir: path.join(stateDir, 'tmp'),
  };
}

export function packageDir(project: Project, id: string): string {
  const [scope, name] = id.split('/') as [string, string];
  return path.join(project.packagesDir, scope, name);
}

export function readProjectManifest(project: Project): ProjectManifest | undefined {
  return readJsonFile(project.manifestFile, projectManifestSchema, 'The project manifest pkg.json');
}

export function readLockFile(project: Project): LockFile | undefined {
  return readJsonFile(project.lockFile, lockFileSchema, 'The lock file pkg-lock.json');
}
