// @pkg/shared/contract/install: the schemas `pkg install` parses once its requests are on the wire
// (the version record, the trust procedures' answers, the REST error body, the manifest) and the
// permission diff its consent step prints; imported by name from their own modules. The contract's index
// (./index.ts) would build every procedure and /v1 shape on the way (docs/performance.md, "Install
// from the lock, third pass: the client's start"); a layer rule, `install-entries-stay-narrow`,
// keeps this entry from reaching it.
export { errorBodySchema } from '../schemas/error-body.js';
export { manifestSchema, type Manifest } from '../schemas/manifest.js';
export { versionRecordSchema, type VersionRecord } from '../schemas/api/version-record.js';
export {
  checkpointOutputSchema,
  consistencyOutputSchema,
  inclusionOutputSchema,
  registryKeysOutputSchema,
} from '../schemas/api/trust.js';
export { isEmptyPermissions, permissionDiff, permissionEntries } from './insights/permission-diff.js';
