// The parts of the Uniswap contracts read here, as human-readable ABIs (viem's parseAbi), each
// copied from the contract's own source:
// - UniswapV2Pair: https://github.com/Uniswap/v2-core/blob/ee547b17853e71ed4e0101ccfd52e70d5acded58/contracts/interfaces/IUniswapV2Pair.sol
//   (`token0`, `token1`, `getReserves`, event `Swap`).
// - UniswapV3Pool: https://github.com/Uniswap/v3-core/blob/d8b1c635c275d2a9450bd6a78f3fa2484fef73eb/contracts/interfaces/pool/IUniswapV3PoolState.sol
//   (`slot0`, `liquidity`), .../IUniswapV3PoolImmutables.sol (`token0`, `token1`, `fee`) and
//   .../IUniswapV3PoolEvents.sol (event `Swap`: amounts are the pool's balance deltas, positive =
//   received by the pool).
// - v4 PoolManager: https://github.com/Uniswap/v4-core/blob/59d3ecf53afa9264a16bba0e38f4c5d2231f80bc/src/interfaces/IPoolManager.sol
//   (events `Initialize` and `Swap`; `PoolId` is `bytes32`, `Currency` and `IHooks` are
//   addresses). The Swap amounts are `swapDelta.amount0()/amount1()` of PoolManager.sol, the
//   swapper's balance deltas (negative = paid into the pool), whatever the NatSpec says: the
//   signs were flipped by https://github.com/Uniswap/v4-core/pull/481.
// - v4 StateView: https://github.com/Uniswap/v4-periphery/blob/dce236d4e2057422d0791d9a973a58765eb46f65/src/lens/StateView.sol
//   (`getSlot0(PoolId)`, `getLiquidity(PoolId)`).
// - the pool id: `keccak256(abi.encode(poolKey))` (v4-core src/types/PoolId.sol), the PoolKey
//   being (currency0, currency1, fee, tickSpacing, hooks) (src/types/PoolKey.sol).
// ERC-20 views (`decimals`, `totalSupply`, `balanceOf`) use viem's own `erc20Abi`.
import { parseAbi, parseAbiParameters } from 'viem';

export const UNISWAP_V2_PAIR_ABI = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
]);

export const UNISWAP_V3_POOL_ABI = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function fee() view returns (uint24)',
  'function liquidity() view returns (uint128)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);

export const UNISWAP_V4_POOL_MANAGER_ABI = parseAbi([
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
]);

export const UNISWAP_V4_STATE_VIEW_ABI = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);

/** A v4 PoolKey, ABI-encoded into the pool id. */
export const POOL_KEY_PARAMETERS = parseAbiParameters(
  'address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks',
);
