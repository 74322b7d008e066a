// DefiLlama, the `defi.*` capabilities for the chain, one handler per file over the shared API
// (defillama-api.ts: the GET, the chain's name on DefiLlama found in GET /v2/chains, the
// overviews). A chain DefiLlama does not list is NoDataError (UNAVAILABLE).
import { compact } from '../../compact.js';
import type { ProviderFactory } from '../provider-types.js';
import { chainTvl } from './chain-tvl.js';
import { createDefillamaApi } from './defillama-api.js';
import { dexVolume } from './dex-volume.js';
import { fees } from './fees.js';
import { protocols } from './protocols.js';
import { stablecoins } from './stablecoins.js';
import { yields } from './yields.js';

export { chainAliases, chainIdOf, DEFILLAMA_CHAIN_NAMES, findChain } from './chains.js';
export { DEFILLAMA_LIST_BYTES } from './defillama-api.js';

export const createDefillamaProvider: ProviderFactory = (endpoint, context) => {
  const api = createDefillamaApi(endpoint, context);
  return {
    handlers: {
      'defi.chainTvl': chainTvl(api),
      'defi.protocols': protocols(api),
      'defi.dexVolume': dexVolume(api),
      'defi.fees': fees(api),
      'defi.stablecoins': stablecoins(api),
      'defi.yields': yields(api),
    },
    health: async () => {
      const { count, entry } = await api.listChains();
      return compact({ chains: count, chain: entry?.name, listed: entry !== undefined }) as Record<
        string,
        unknown
      >;
    },
  };
};
