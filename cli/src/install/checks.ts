// What `pkg install` runs once the bytes have arrived: the verifier (verify.ts), extraction into
// .pkg/tmp (extract.ts) and the runtime loader. They bring the package validator (yaml, Ajv and
// the package checks, the largest part of the CLI), so install.ts imports this module only
// after its requests are on the wire: the modules load while the registry answers.
export { expectedFromRecord, verifyArtifact } from './verify.js';
export { extractToTemp } from './extract.js';
export { loadInstalledPackage } from '../runtime/load-package.js';
