// @pkg/shared/testing: the data layer's vendor doubles (local HTTP servers answering like the
// vendors) and chain fixtures, for other workspaces' tests. Source only: resolved through the
// `@pkg/source` condition that the test runners and typecheck use.
export { KEYS, startDoubles, fakeClock, withOnlyRpc, type Doubles } from './data/doubles.js';
export { HEAD, ROUTER, TOKEN, TX, UNKNOWN_TX, WALLET } from './vendors/chain-fixtures.js';
export { startPublicRpcServer, publicRpcReplies } from './vendors/public-rpc-server.js';
export type { RpcDouble } from './vendors/json-rpc-double.js';
export { DEX, PAIRS as DEX_PAIRS } from './vendors/dexscreener-server.js';
export { GT } from './vendors/geckoterminal-server.js';
export { CG_ETH_USD } from './vendors/coingecko-server.js';
export { ZERION_SLUG, ZERION_WALLET, ZERION_CONTRACT } from './vendors/zerion-server.js';
export { PRICED_HOLDER } from './vendors/alchemy-server.js';
export { startDexscreenerServer } from './vendors/dexscreener-server.js';
export { GH_OWNER, GH_REPO, GH_USER } from './vendors/github-server.js';
export { RAW_PATHS } from './vendors/github-raw-server.js';
export { THEGRAPH_SUBGRAPH } from './vendors/thegraph-server.js';
// The chain double holding Uniswap v2, v3 and v4 pools of the project token (PKG).
export {
  DEV_WALLET as UNISWAP_DEV_WALLET,
  PKG as UNISWAP_PKG,
  V2_PKG_USDC,
  V2_WETH_PKG,
  V3_PKG_USDC,
  V3_WETH_PKG,
  PKG_OHLCV,
  DEAD as UNISWAP_DEAD,
  V4_ETH_PKG,
  V4_POOL_MANAGER,
  V4_STATE_VIEW,
  startUniswapPoolsDouble,
  setPkgBalance,
  type UniswapPoolsDouble,
} from './vendors/uniswap-pools-double.js';
// v1 stocks, filings and odds (docs/public-api.md)
export { ASSETS as ISSUER_ASSETS, WIDE_QUOTE } from './vendors/robinhood-stocks-server.js';
export type { DexPairBody } from './vendors/dexscreener-server.js';
export { SPY_LEVELS } from './vendors/polymarket-server.js';
export { DECLARED_AGENT, SEC_BLOCK_PAGE } from './vendors/sec-edgar-server.js';
// AI doubles (docs/data-layer.md, "AI")
export {
  OPENROUTER_BARE_MODEL,
  OPENROUTER_MODEL,
  OPENROUTER_UPSTREAM,
  OR_COMPLETIONS,
  type OpenrouterReply,
} from './vendors/openrouter-server.js';
// Telegram double (docs/bots.md, "Telegram")
export {
  TELEGRAM_BOT_USERNAME,
  startTelegramServer,
  telegramUpdate,
  type TelegramDouble,
  type TelegramCall,
  type TelegramQueuedAnswer,
  type TelegramUpdateInput,
} from './vendors/telegram-server.js';
// Discord double (docs/bots.md, "Discord")
export {
  discordKeys,
  interactionBody,
  rateLimited as discordRateLimited,
  startDiscordServer,
  type DiscordCall,
  type DiscordDouble,
  type DiscordKeys,
} from './vendors/discord-server.js';
// Alerts (docs/bots.md, "Alerts (Telegram)")
export { WHALE as UNISWAP_WHALE, V4_PKG_USDC } from './vendors/uniswap-pools-double.js';
export type { NewPool as GeckoterminalNewPool } from './vendors/geckoterminal-server.js';
