// @pkg/server/testing: what other workspaces' tests may use of the server, instead of reaching
// into its source tree.
export { startErrorProbe, type ErrorProbe } from './error-probe.js';
