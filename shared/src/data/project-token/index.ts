// The project token read on chain: its configuration, its pool's state and its recent swaps.
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
export { PRICE_SIGNIFICANT_DIGITS, ratioToDecimal } from './decimal.js';
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
export * from './types.js';
