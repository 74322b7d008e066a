// @pkg/shared/testing: the data layer's vendor doubles (local HTTP servers answering like the
// vendors) and chain fixtures, for other workspaces' tests. Source only: resolved through the
// `@pkg/source` condition that the test runners and typecheck use.
export { KEYS, startDoubles, fakeClock, type Doubles } from './data/doubles.js';
export { HEAD, ROUTER, TOKEN, TX, UNKNOWN_TX, WALLET } from './vendors/chain-fixtures.js';
export { startPublicRpcServer, publicRpcReplies } from './vendors/public-rpc-server.js';
export type { RpcDouble } from './vendors/json-rpc-double.js';
export { DEX } from './vendors/dexscreener-server.js';
export { GT } from './vendors/geckoterminal-server.js';
export { ZERION_SLUG, ZERION_WALLET, ZERION_CONTRACT } from './vendors/zerion-server.js';
export { startDexscreenerServer } from './vendors/dexscreener-server.js';
export { GH_OWNER, GH_REPO, GH_USER } from './vendors/github-server.js';
export { RAW_PATHS } from './vendors/github-raw-server.js';
export { THEGRAPH_SUBGRAPH } from './vendors/thegraph-server.js';
