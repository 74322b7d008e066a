// The data sources' operations: filings, equities, macro series, DeFi, prediction markets,
// perpetuals, sentiment, token rankings and Chainlink feeds.
import { CAPABILITIES as c } from '../capabilities/index.js';
import type { Clock } from '../routing/clock.js';
import { chainlinkLatest } from '../sources/chainlink-latest.js';
import type { FreshOption } from './client-options.js';
import type { OperationBinders } from './operation-binders.js';

export function sourceOperations({ op, freshOnly, withFresh }: OperationBinders, clock: Clock) {
  return {
    /** The regulator's filings (SEC EDGAR): ticker to CIK, a filer's recent filings. */
    filings: { cik: op(c.filingsCik), submissions: op(c.filingsSubmissions) },
    /** US equities (Finnhub): quote, profile, company news, earnings calendar. */
    equities: {
      quote: op(c.equitiesQuote),
      profile: op(c.equitiesProfile),
      news: op(c.equitiesNews),
      earnings: op(c.equitiesEarnings),
    },
    /** US macro series (FRED). */
    macro: { series: op(c.macroSeries) },
    /** DeFi on the chain (DefiLlama): TVL, protocols, DEX volume, fees, stablecoins, yields. */
    defi: {
      chainTvl: freshOnly(c.getDefiChainTvl.name),
      protocols: op(c.getDefiProtocols),
      dexVolume: freshOnly(c.getDefiDexVolume.name),
      fees: freshOnly(c.getDefiFees.name),
      stablecoins: freshOnly(c.getDefiStablecoins.name),
      yields: op(c.getDefiYields),
    },
    /** Prediction markets (Polymarket): open events by tag or search, prices as probabilities. */
    odds: { events: op(c.oddsEvents) },
    /** Perpetuals and spot with their live context (Hyperliquid). */
    perps: { markets: op(c.perpsMarkets), spot: op(c.perpsSpot) },
    /** The crypto fear-and-greed index (alternative.me). */
    sentiment: { fearGreed: op(c.sentimentFearGreed) },
    /** Tokens of the chain ranked by the ranking provider (Codex filterTokens). */
    rankings: { tokens: op(c.rankingsTokens) },
    /** Chainlink: the feed catalog of the chain, and a feed's latest round read on chain. */
    feeds: {
      list: freshOnly(c.feedsList.name),
      latest: (params: { address?: string; feed?: string; maxAgeS?: number } & FreshOption) =>
        chainlinkLatest(withFresh(params.fresh), { ...params }, () => clock.now()),
    },
  };
}
