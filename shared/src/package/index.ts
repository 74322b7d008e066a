// @pkg/shared/package: the package tools `pkg install` runs on a download (archive reading and
// validation, the canonical manifest JSON) and the runtime loader runs on an installed directory
// (validation, the tools' JSON Schemas, entry paths), without the Node index of @pkg/shared,
// which builds the whole contract first (docs/performance.md, "Install from the lock, third
// pass: the client's start"). A layer rule, `install-entries-stay-narrow`, keeps it so.
export { validateArchive, type ValidateArchiveResult } from './validate-archive.js';
export { validatePackage } from './validate-package.js';
export { type PackageFile } from './read-archive.js';
export { canonicalJson } from './manifest-hash.js';
export { parseSkillMd } from './check-skill-md.js';
export { compileJsonSchema, passedSchemaDigests, rememberPassedSchemas } from './json-schema.js';
export type { ValidateFunction } from 'ajv/dist/2020.js';
export { parseJsonFile } from './json-text.js';
export { entryPathProblem } from './entry-path.js';
