// @pkg/shared/contract/core: the part of the contract a CLI command needs before its first request
// (docs/performance.md, "The verified-record cache"): package ids, versions and integrity, the
// permissions of a manifest (the shapes of pkg.json and pkg-lock.json) and the package limits.
// zod and semver only: none of the procedures' or the /v1 shapes, which the full contract
// (./index.ts) builds when it loads.
export {
  formatPackageId,
  integritySchema,
  type Integrity,
  packageIdParts,
  parsePackageId,
  versionSchema,
} from '../schemas/names.js';
export { PACKAGE_ID_PATTERN } from '../schemas/patterns.js';
export { permissionsSchema, type Permissions } from '../schemas/manifest.js';
export { PACKAGE_LIMITS } from '../package/limits.js';
