// `defi.stablecoins`: the stablecoin supply on the chain, in USD by peg type.
import { NoDataError } from '../../errors/data-errors.js';
import type { DefiStablecoins } from '../../sources/defillama-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import { chainAliases } from './chains.js';
import type { DefillamaApi } from './defillama-api.js';
import { finite, isEmpty } from './normalize.js';
import { stablecoinChainsSchema } from './payloads.js';

export function stablecoins({ chainName, get, options }: DefillamaApi): CapabilityHandler {
  return async () => {
    const name = await chainName();
    const aliases = chainAliases(name);
    const list = await get({ host: 'stablecoins', path: '/stablecoinchains' }, stablecoinChainsSchema);
    const entry = list.find((c) => aliases.includes(c.name.trim().toLowerCase()));
    // `totalCirculatingUSD` (SDK, live); else the OpenAPI example's `totalCirculating`, whose
    // amounts are in each peg's own unit, so that only its peggedUSD is in USD.
    const amounts = entry?.totalCirculatingUSD ?? { peggedUSD: entry?.totalCirculating?.peggedUSD };
    const byPegType: Record<string, number> = {};
    for (const [peg, value] of Object.entries(amounts ?? {})) {
      const usd = finite(value);
      if (usd !== undefined) byPegType[peg] = usd;
    }
    if (isEmpty(byPegType)) throw new NoDataError(`DefiLlama lists no stablecoin supply on ${name}`, options);
    const circulatingUsd = Object.values(byPegType).reduce((sum, v) => sum + v, 0);
    const data: DefiStablecoins = { chain: name, circulatingUsd, byPegType };
    return { data };
  };
}
