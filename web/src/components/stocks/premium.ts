// Helpers shared by the premium table (/stocks) and the stock tokens summary (/live).
import type { PremiumRowV1, StockToken } from '@pkg/shared/contract';

/** The premium row of the pool with the most liquidity (rows without liquidity last). */
export function deepestRow(stock: StockToken): PremiumRowV1 | undefined {
  return [...stock.premium.rows].sort((a, b) => (b.liquidityUsd ?? -1) - (a.liquidityUsd ?? -1))[0];
}
