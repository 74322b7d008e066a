// @pkg/shared/errors: the registry's error table and the issue-details helper, without zod at
// run time (the CLI's exit handler loads this on every command).
export {
  REGISTRY_ERRORS,
  REGISTRY_ERROR_CODES,
  type RegistryErrorCode,
  type RegistryErrorEntry,
  type RegistryExitCode,
  isRegistryErrorCode,
  registryCodeOfStatus,
  RegistryError,
} from './registry-error.js';
export { issueDetails, isIssueError, type IssueLike } from './issue-details.js';
