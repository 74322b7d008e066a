// `market.*`: the capabilities of the market providers, and three operations of the layer's own
// over them: a price by symbol, the quotes of every provider pricing a token, and pool rankings.
import type { Chain } from '../chains.js';
import { CAPABILITIES as c } from '../capabilities/index.js';
import { priceBySymbol } from '../market/price-by-symbol.js';
import { marketQuotes, type ProvidersOffering } from '../market/quotes.js';
import { rankMarket } from '../market/rank-market.js';
import { DEFAULT_MIN_LIQUIDITY_USD, RANKINGS, type Ranking } from '../market/rankings.js';
import { errorResult } from '../result.js';
import type { Clock } from '../routing/clock.js';
import type { FreshOption } from './client-options.js';
import type { OperationBinders } from './operation-binders.js';
import type { ClientRun } from './run-capability.js';

export interface MarketContext {
  chain: Chain;
  clock: Clock;
  offering: ProvidersOffering;
}

/** A ranking of a network's pools computed from the providers' per-pool fields. */
function rankings(run: ClientRun, chain: Chain) {
  return (params: {
    ranking: Ranking;
    network?: string;
    limit?: number;
    minLiquidityUsd?: number;
    fresh?: boolean;
  }) => {
    if (!RANKINGS.includes(params.ranking))
      return Promise.resolve(
        errorResult('INVALID_INPUT', `ranking must be one of ${RANKINGS.join(', ')}`, [], 'market.rankings'),
      );
    return rankMarket(run, {
      ranking: params.ranking,
      network: params.network ?? chain.key,
      limit: params.limit ?? 20,
      minLiquidityUsd: params.minLiquidityUsd ?? DEFAULT_MIN_LIQUIDITY_USD,
      fresh: params.fresh,
    });
  };
}

export function marketOperations(
  { run, op, freshOnly, withFresh }: OperationBinders,
  { chain, clock, offering }: MarketContext,
) {
  return {
    market: {
      search: op(c.marketSearch),
      token: op(c.getMarketToken),
      tokenPairs: op(c.getTokenPairs),
      /** The pools of up to 30 tokens in one request. */
      pairsOfTokens: op(c.getPairsOfTokens),
      pair: op(c.getPair),
      tokenPrice: op(c.getMarketTokenPrice),
      ohlcv: op(c.getOhlcv),
      trades: op(c.getTrades),
      trendingPools: op(c.getTrendingPools),
      newPools: op(c.getNewPools),
      pools: op(c.getTopPools),
      networks: op(c.getMarketNetworks),
      dexes: op(c.getDexes),
      global: freshOnly(c.getGlobalMarket.name),
      ohlcHistory: op(c.getOhlcHistory),
      /** A USD price by symbol on the supported chain: ETH, an issuer stock symbol, or an unambiguous search hit. */
      price: (params: { symbol: string } & FreshOption) =>
        priceBySymbol(withFresh(params.fresh), params, {
          network: chain.key,
          chainId: chain.chainId,
          now: () => clock.now(),
        }),
      /** One section per provider that prices the token; no consensus value. */
      quotes: (params: { network?: string; address: string } & FreshOption) =>
        marketQuotes(withFresh(params.fresh), offering, params),
      /** A ranking of a network's pools computed from the providers' per-pool fields. */
      rankings: rankings(run, chain),
    },
  };
}
