// `defi.dexVolume`: the chain's DEX volume overview, its totals and its protocols, largest first.
import { NoDataError } from '../../errors/data-errors.js';
import type { DefiDexVolume, DefiOverviewProtocol } from '../../sources/defillama-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { DefillamaApi } from './defillama-api.js';
import { byLargest, identityOf, isEmpty, totalsOf } from './normalize.js';

export function dexVolume({ chainName, overview, options }: DefillamaApi): CapabilityHandler {
  return async () => {
    const name = await chainName();
    const answer = await overview('dexs', name, 'dailyVolume', `DefiLlama lists no DEX volume on ${name}`);
    const totals = totalsOf(answer);
    const protocols = (answer.protocols ?? []).map((p): DefiOverviewProtocol => ({
      ...identityOf(p),
      ...totalsOf(p),
    }));
    if (isEmpty(totals) && protocols.length === 0)
      throw new NoDataError(`DefiLlama lists no DEX volume on ${name}`, options);
    protocols.sort(
      byLargest(
        (p) => p.total24hUsd,
        (p) => p.name,
      ),
    );
    const data: DefiDexVolume = { chain: name, ...totals, protocols };
    return { data };
  };
}
