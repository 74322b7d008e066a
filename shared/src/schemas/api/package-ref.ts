// A package and a version by name: the inputs of most procedures. Their own module, so that the
// trust procedures' schemas (trust.ts), which an install reads, do not bring every schema of the
// packages procedures with them (docs/performance.md, "Install from the lock, fourth pass: a
// startup snapshot, and the schemas checked once"); packages.ts re-exports them.
import * as z from 'zod';
import { namespaceSchema, packageNameSchema, versionSchema } from '../names.js';

export const packageRefSchema = z.object({ namespace: namespaceSchema, name: packageNameSchema });
export type PackageRef = z.infer<typeof packageRefSchema>;
export const versionRefSchema = packageRefSchema.extend({ version: versionSchema });
export type VersionRef = z.infer<typeof versionRefSchema>;
