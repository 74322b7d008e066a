// What the `defi.*` handlers share: the GET, the chain's name on DefiLlama (chains.ts), and the
// volume and fees overviews of the chain.
import { ProviderError, type ProviderErrorOptions } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { chainAliases, createChainLookup, type ChainLookup } from './chains.js';
import { createDefillamaGet, type DefillamaGet } from './http.js';
import { text } from './normalize.js';
import { overviewSchema, type DefillamaOverview } from './payloads.js';

/**
 * GET /protocols and GET /pools are DefiLlama's full lists (every protocol, every yield pool:
 * several MB each and growing), beyond the 5 MiB cap of other answers; they get this cap instead.
 */
export const DEFILLAMA_LIST_BYTES = 32 * 1024 * 1024;

export interface DefillamaApi extends ChainLookup {
  get: DefillamaGet;
  options: ProviderErrorOptions;
  /** One volume or fees overview of the chain, with its echo of the chain checked. */
  overview: (
    kind: 'dexs' | 'fees',
    name: string,
    dataType: string,
    nothing: string,
  ) => Promise<DefillamaOverview>;
}

export function createDefillamaApi(endpoint: ProviderEndpoint, context: ProviderContext): DefillamaApi {
  const get = createDefillamaGet(endpoint, context);
  const options = { provider: 'defillama', redact: context.redact };
  const overview: DefillamaApi['overview'] = async (kind, name, dataType, nothing) => {
    const path = `/overview/${kind}/${encodeURIComponent(name)}`;
    const answer = await get(
      {
        host: 'api',
        path,
        // Both chart switches are marked required by DefiLlama's OpenAPI; the charts are not read.
        query: { excludeTotalDataChart: 'true', excludeTotalDataChartBreakdown: 'true', dataType },
        notListed: nothing,
      },
      overviewSchema,
    );
    const echo = text(answer.chain);
    if (echo !== undefined && !chainAliases(name).includes(echo.toLowerCase()))
      throw new ProviderError('failure', `${path}: answered for ${echo} instead of ${name}`, options);
    return answer;
  };
  return { ...createChainLookup(get, context.chainId, options), get, options, overview };
}
