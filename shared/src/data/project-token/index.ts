// The project token read on chain: its configuration, its pool's state, its recent swaps, and its
// ERC-20 supply and balances.
export {
  DEFAULT_BURN_ADDRESSES,
  missingVariables,
  notConfigured,
  projectTokenConfigSchema,
  projectTokenUnavailable,
  type ProjectTokenConfig,
  type ProjectTokenPool,
  type ProjectTokenReading,
} from './config.js';
export {
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  PRICE_SIGNIFICANT_DIGITS,
  ratioToDecimal,
  type ScaledDecimal,
} from './decimal.js';
export { readTokenBalances, readTokenSupply } from './erc20-reads.js';
export {
  createPoolKeyMemo,
  DEFAULT_INITIALIZE_SEARCH_BLOCKS,
  poolIdOf,
  type PoolKeyMemo,
  type V4PoolKey,
} from './pool-key.js';
export { POOL_STATE_CAPABILITY, readPoolState, type ProjectTokenReadOptions } from './pool-state.js';
export {
  RECENT_SWAPS_CAPABILITY,
  readRecentSwaps,
  recentSwapsOptionsSchema,
  type RecentSwapsOptions,
} from './recent-swaps.js';
export { BURNS_CAPABILITY, readBurns, type ProjectTokenBurn } from './burns.js';
export { readHead } from './reads.js';
export {
  readSwapsBetween,
  SWAPS_BETWEEN_CAPABILITY,
  type BlockRange,
  type SwapsBetween,
} from './swaps-between.js';
export * from '../../contract/project-token.js';
