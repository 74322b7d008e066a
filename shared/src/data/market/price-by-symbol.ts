// market.price: a USD price by symbol on the supported chain (docs/data-layer.md, "Market
// data"). ETH is the native coin; any other symbol must resolve to exactly one contract: the
// issuer's stock-token list first (the official contract of a stock symbol), else the pair
// provider's search on the chain. Two or more contracts with that symbol is INVALID_INPUT naming
// every candidate; none is UNAVAILABLE. Nothing is guessed.
import type { RunCapability } from '../capabilities/inspect-transaction.js';
import { errorResult, unavailableResult } from '../result.js';
import type { Result } from '../../contract/result-schema.js';
import type { MarketTokenRef, PoolList } from './market-types.js';

interface IssuerAsset {
  tokenSymbol?: unknown;
  deployments?: { chainId?: unknown; contractAddress?: unknown }[];
}

const served = (r: Result) => r.status === 'LIVE' || r.status === 'CACHED';

function issuerContract(list: Result, symbol: string, chainId: number): string | undefined {
  if (!served(list) || !('data' in list)) return undefined;
  const assets = (list.data as { assets?: IssuerAsset[] }).assets ?? [];
  const asset = assets.find((a) => a.tokenSymbol === symbol);
  const deployment = asset?.deployments?.find((d) => d.chainId === chainId);
  return typeof deployment?.contractAddress === 'string' ? deployment.contractAddress : undefined;
}

function searchCandidates(search: Result, symbol: string, network: string): MarketTokenRef[] {
  if (!served(search) || !('data' in search)) return [];
  const byAddress = new Map<string, MarketTokenRef>();
  for (const pool of (search.data as PoolList).pools) {
    if (pool.network !== network) continue;
    for (const token of [pool.baseToken, pool.quoteToken]) {
      if (token.symbol?.toUpperCase() === symbol) byAddress.set(token.address.toLowerCase(), token);
    }
  }
  return [...byAddress.values()];
}

function annotate(result: Result, symbol: string, resolvedBy: string): Result {
  if (!served(result) || !('data' in result)) return result;
  return { ...result, data: { ...(result.data as object), symbol, resolvedBy } };
}

export async function priceBySymbol(
  run: RunCapability,
  params: { symbol: string },
  context: { network: string; chainId: number; now: () => number },
): Promise<Result> {
  const symbol = params.symbol.trim().toUpperCase();
  const { network } = context;
  if (!/^[A-Z0-9][A-Z0-9.$_-]{0,19}$/.test(symbol))
    return errorResult('INVALID_INPUT', `"${params.symbol}" is not a token symbol`, [], 'market.price');
  if (symbol === 'ETH')
    return annotate(await run('market.tokenPrice', { network, address: 'native' }), symbol, 'native coin');
  const list = await run('stocks.list', {});
  const official = issuerContract(list, symbol, context.chainId);
  if (official) {
    const price = await run('market.tokenPrice', { network, address: official });
    return annotate(price, symbol, `the issuer's stock-token list (${official})`);
  }
  const search = await run('market.search', { query: symbol, network });
  const candidates = searchCandidates(search, symbol, network);
  const [only] = candidates;
  if (candidates.length === 1 && only) {
    const price = await run('market.tokenPrice', { network, address: only.address });
    const source = served(search) && 'provenance' in search ? search.provenance.source : 'market search';
    return annotate(price, symbol, `market search on ${network} (${source}): ${only.address}`);
  }
  if (candidates.length > 1) {
    const names = candidates.map((c) => `${c.name ?? c.symbol ?? symbol} ${c.address}`).join('; ');
    return errorResult(
      'INVALID_INPUT',
      `${symbol} is ambiguous on ${network}: ${candidates.length} tokens use it (${names}); ask by address with pkg market price ${network} 0x…`,
      [],
      'market.price',
    );
  }
  return unavailableResult({
    capability: 'market.price',
    provider: 'robinhood-stocks, dexscreener',
    network,
    now: context.now(),
    reason: `no token with the symbol ${symbol} was found on ${network}`,
    // Why the issuer's list and the search found nothing, as each answered.
    answers: [list, search].flatMap((r) => {
      if (r.status === 'UNAVAILABLE') return [{ provider: r.provider, error: r.reason }];
      if (r.status !== 'ERROR') return [];
      const tried = r.attemptedProviders.map((a) => a.provider).join(', ');
      return [{ provider: tried || (r.capability ?? 'none'), error: `${r.code}: ${r.message}` }];
    }),
  });
}
