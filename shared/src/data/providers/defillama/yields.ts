// `defi.yields`: the yield pools on the chain, from DefiLlama's full GET /pools list, largest TVL
// first.
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { DefiYieldList, DefiYieldPool } from '../../sources/defillama-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import { chainAliases } from './chains.js';
import { DEFILLAMA_LIST_BYTES, type DefillamaApi } from './defillama-api.js';
import { byLargest, isRecord, limitOf, poolOf } from './normalize.js';
import { poolListSchema, poolSchema } from './payloads.js';

export function yields({ chainName, get, options }: DefillamaApi): CapabilityHandler {
  return async (params) => {
    const name = await chainName();
    const aliases = chainAliases(name);
    const list = await get(
      { host: 'yields', path: '/pools', maxBytes: DEFILLAMA_LIST_BYTES },
      poolListSchema,
    );
    if (list.status !== undefined && list.status !== 'success')
      throw new ProviderError('failure', `/pools: status ${JSON.stringify(list.status)}`, options);
    const found: DefiYieldPool[] = [];
    for (const item of list.data) {
      if (!isRecord(item) || typeof item.chain !== 'string') continue;
      if (!aliases.includes(item.chain.trim().toLowerCase())) continue;
      const parsed = poolSchema.safeParse(item);
      if (!parsed.success) throw new ProviderError('failure', '/pools: unexpected pool', options);
      found.push(poolOf(parsed.data));
    }
    if (found.length === 0) throw new NoDataError(`DefiLlama lists no yield pool on ${name}`, options);
    found.sort(
      byLargest(
        (p) => p.tvlUsd,
        (p) => p.pool,
      ),
    );
    const data: DefiYieldList = {
      chain: name,
      total: found.length,
      pools: found.slice(0, limitOf(params)),
    };
    return { data };
  };
}
