// The insights of a package version (docs/browsing.md): its score, the static look at its tool
// code and the permission diff between versions. Pure functions, browser-safe.
export {
  isEmptyPermissions,
  permissionDiff,
  permissionEntries,
  type PermissionChange,
} from './permission-diff.js';
export {
  analyzeToolCode,
  isToolCodePath,
  scanToolCode,
  type CodeFile,
  type CodeScan,
} from './scan-tool-code.js';
export { RECENT_RELEASE_DAYS, scorePackage, unusedPermissions, type ScoreInput } from './score-package.js';
