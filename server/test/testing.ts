// @pkg/server/testing: what other workspaces' tests may use of the server (a test server, packages
// to publish, users, the error probe), instead of reaching into its source tree. Source only: it
// is resolved through the `@pkg/source` condition that the test runners and typecheck use.
export { startTestServer, type TestServer } from './helpers/start-test-server.js';
export { spawnServer, SERVER_MAIN, type SpawnedServer } from './helpers/spawn-server.js';
export { buildPackage, publishArchive, publishAsNewOwner, type PackageSpec } from './helpers/packages.js';
export {
  buildCorpusPackage,
  SEARCH_CORPUS,
  type CorpusPackage,
  type CorpusTool,
} from './helpers/search-corpus.js';
export { startErrorProbe, type ErrorProbe } from './helpers/error-probe.js';
export { startSharedStore, type SharedStore } from './helpers/shared-store.js';
export { runAdmin } from './admin/run-admin.js';
export { createUser } from '../src/services/registry/user-service.js';
export {
  startOidcIssuer,
  trustedPublishingServerOptions,
  type CiJob,
  type OidcIssuer,
  type OidcIssuerOptions,
  type OidcTestPlatform,
  type SignOptions,
} from './helpers/oidc-issuer.js';
