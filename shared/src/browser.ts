// Browser-safe exports: zod schemas and constants only, no Node built-ins.
export {
  API_VERSION,
  healthSchema,
  type Health,
  serviceInfoSchema,
  type ServiceInfo,
} from './schemas/service.js';
export {
  errorBodySchema,
  type ErrorBody,
  errorDetailSchema,
  type ErrorDetail,
} from './schemas/error-body.js';
export * from './errors/index.js';
export {
  INTEGRITY_PATTERN,
  NAMESPACE_PATTERN,
  PACKAGE_ID_PATTERN,
  PACKAGE_NAME_PATTERN,
  formatPackageId,
  integritySchema,
  type Integrity,
  namespaceSchema,
  type Namespace,
  packageIdSchema,
  type PackageId,
  packageNameSchema,
  type PackageName,
  packageIdParts,
  parsePackageId,
  versionSchema,
  type Version,
} from './schemas/names.js';
export {
  SPEC_VERSION,
  manifestSchema,
  type Manifest,
  permissionsSchema,
  type Permissions,
  toolEntrySchema,
  type ToolEntry,
} from './schemas/manifest.js';
export { skillFrontMatterSchema, type SkillFrontMatter } from './schemas/skill-md.js';
export { PROBLEM_CODES, type ProblemCode, type Problem, InvalidPackageError } from './package/problems.js';
export { PACKAGE_LIMITS } from './package/limits.js';
export { provenanceSchema, type Provenance, timestampSchema } from './schemas/provenance.js';
export * from './schemas/api/packages.js';
export * from './schemas/api/auth.js';
export * from './schemas/api/namespaces.js';
export {
  cacheInfoSchema,
  type CacheInfo,
  cachedResultSchema,
  type CachedResult,
  compositeResultSchema,
  type CompositeResult,
  DATA_ERROR_CODES,
  dataErrorCodeSchema,
  type DataErrorCode,
  errorResultSchema,
  type ErrorResult,
  liveResultSchema,
  type LiveResult,
  provenanceSchema as dataProvenanceSchema,
  type Provenance as DataProvenance,
  providerAttemptSchema,
  type ProviderAttempt,
  RESULT_STATUSES,
  resultSchema,
  type Result,
  resultStatusSchema,
  type ResultStatus,
  unavailableResultSchema,
  type UnavailableResult,
} from './data/result-schema.js';
export { isLive } from './data/is-live.js';
export { sectionSchema, sectionStatusSchema, toSection, failed, type Section } from './v1/sections.js';
export {
  v1AddressSchema,
  contractInterfaceSchema,
  contractInterfaceOf,
  v1ContractSchema,
  type ContractInterface,
  type V1Contract,
} from './v1/contract.js';
export {
  V1_ENDPOINTS,
  V1_TTL,
  type V1Endpoint,
  type V1Name,
  type V1Params,
  type V1Answer,
} from './v1/endpoints.js';
