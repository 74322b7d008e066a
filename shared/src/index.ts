// Curated exports of @pkg/shared (Node side): the browser-safe contract (./contract/, also its own
// entry @pkg/shared/contract, the only one the website imports), the Node-only package tools
// (archive reading, validation, packing, integrity) and the address policy. The data SDK is its own
// entry, @pkg/shared/data, so that importing this one loads no provider.
export * from './contract/index.js';
export {
  TooLargeError,
  createIntegrityHasher,
  createIntegrityStream,
  integrityOf,
  type IntegrityHasher,
  type IntegrityResult,
  parseIntegrity,
} from './package/integrity.js';
export { readArchive, type PackageFile } from './package/read-archive.js';
export {
  validateArchive,
  type ValidateArchiveOptions,
  type ValidateArchiveResult,
} from './package/validate-archive.js';
export { validatePackage } from './package/validate-package.js';
export { archiveFilename, packDirectory, type PackResult } from './package/pack.js';
export { parseSkillMd } from './package/check-skill-md.js';
export { canonicalJson, manifestSha256 } from './package/manifest-hash.js';
export { scaffold, type ScaffoldOptions, slugifyName, slugifyNamespace } from './package/scaffold.js';
export { writeArchive, type ArchiveInputFile } from './package/write-archive.js';
export type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
export { checkJsonSchema, compileJsonSchema } from './package/json-schema.js';
export { parseJsonFile } from './package/json-text.js';
export { entryPathProblem } from './package/entry-path.js';
export { isIpLiteral, isPublicAddress } from './net/address-policy.js';
export * from './trust/index.js';
