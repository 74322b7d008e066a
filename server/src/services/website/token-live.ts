// The project token read live from the chain (docs/public-api.md, GET /v1/token/live): the pool's
// state (its price in the quote token, v2 reserves or v3/v4 sqrtPriceX96, tick and liquidity) and
// its recent swaps (Swap events, newest first), each a section with the RPC's provenance. Both
// readings are the data layer's (readPoolState, readRecentSwaps): an unset variable gives
// UNAVAILABLE naming it before any request.
import { toSection, type V1TokenLive } from '@pkg/shared';
import {
  readPoolState,
  readRecentSwaps,
  type ProjectTokenPoolState,
  type ProjectTokenSwaps,
} from '@pkg/shared/data';
import type { WebsiteDeps } from './website-deps.js';

export async function tokenLive(deps: WebsiteDeps): Promise<V1TokenLive> {
  const { data, projectToken: config } = deps;
  const now = () => deps.clock().getTime();
  const [pool, swaps] = await Promise.all([
    readPoolState(data.run, config, { now }),
    readRecentSwaps(data.run, config, {}, { now }),
  ]);
  return {
    ...(config.token ? { address: config.token } : {}),
    pool: toSection(pool, (v) => v as ProjectTokenPoolState),
    swaps: toSection(swaps, (v) => v as ProjectTokenSwaps),
  };
}
