// `defi.protocols`: the protocols with TVL on the chain, from DefiLlama's full GET /protocols list
// (each protocol's plain chain key only: "<Chain>-staking", "-pool2", "-borrowed" are other
// splits), largest first.
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { DefiProtocol, DefiProtocolList } from '../../sources/defillama-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import { chainAliases } from './chains.js';
import { DEFILLAMA_LIST_BYTES, type DefillamaApi } from './defillama-api.js';
import { byLargest, isRecord, limitOf, protocolOf } from './normalize.js';
import { protocolListSchema, protocolSchema } from './payloads.js';

/** The protocol of a list item with a TVL on the chain; undefined for the others. */
function onChain(item: unknown, aliases: readonly string[], api: DefillamaApi): DefiProtocol | undefined {
  if (!isRecord(item) || !isRecord(item.chainTvls)) return undefined;
  const tvls = item.chainTvls;
  const key = Object.keys(tvls).find((k) => aliases.includes(k.toLowerCase()));
  const tvl = key === undefined ? undefined : tvls[key];
  if (typeof tvl !== 'number' || !Number.isFinite(tvl)) return undefined;
  const parsed = protocolSchema.safeParse(item);
  if (!parsed.success) throw new ProviderError('failure', '/protocols: unexpected protocol', api.options);
  return protocolOf(parsed.data, tvl);
}

export function protocols(api: DefillamaApi): CapabilityHandler {
  return async (params) => {
    const name = await api.chainName();
    const aliases = chainAliases(name);
    const list = await api.get(
      { host: 'api', path: '/protocols', maxBytes: DEFILLAMA_LIST_BYTES },
      protocolListSchema,
    );
    const found: DefiProtocol[] = [];
    for (const item of list) {
      const protocol = onChain(item, aliases, api);
      if (protocol) found.push(protocol);
    }
    if (found.length === 0)
      throw new NoDataError(`DefiLlama lists no protocol with TVL on ${name}`, api.options);
    found.sort(
      byLargest(
        (p) => p.tvlUsd,
        (p) => p.name,
      ),
    );
    const data: DefiProtocolList = {
      chain: name,
      total: found.length,
      protocols: found.slice(0, limitOf(params)),
    };
    return { data };
  };
}
