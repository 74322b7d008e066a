// `defi.chainTvl`: the chain's TVL as GET /v2/chains lists it.
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type { DefiChainTvl } from '../../sources/defillama-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import { chainIdOf } from './chains.js';
import type { DefillamaApi } from './defillama-api.js';
import { finite, text } from './normalize.js';

export function chainTvl({ listChains, notListed, options }: DefillamaApi): CapabilityHandler {
  return async () => {
    const { entry } = await listChains();
    if (entry === undefined) throw notListed();
    const tvlUsd = finite(entry.tvl);
    if (tvlUsd === undefined)
      throw new NoDataError(`DefiLlama lists ${entry.name} without a TVL (GET /v2/chains)`, options);
    const cmcId = entry.cmcId === null || entry.cmcId === undefined ? undefined : String(entry.cmcId);
    const data: DefiChainTvl = compact({
      chain: entry.name,
      chainId: chainIdOf(entry.chainId),
      tvlUsd,
      tokenSymbol: text(entry.tokenSymbol),
      geckoId: text(entry.gecko_id),
      cmcId: text(cmcId),
    }) as DefiChainTvl;
    return { data };
  };
}
