// GET /v1/odds (docs/public-api.md) and the chain overview's odds panel: the prediction-market
// odds card (docs/website.md, "Odds"). Four requests in one round: open events of the tags
// `fed-rates`, `inflation` and `stocks` (odds.events), and the issuer's stock-token list
// (stocks.list, whose tickers pick the stock events); then selectOdds. Each list is its own
// section: a failing tag, or a failing issuer list, leaves the other lists as they are. An event
// in two lists is shown in the first (Fed, then inflation, then stocks).
import { ODDS_NOTICE, type Result, type Section, type V1Odds } from '@pkg/shared';
import { CHAINS, DEFAULT_CHAIN } from '@pkg/shared/data';
import { selectOdds, type OddsEvent, type OddsEventInput } from './odds.js';
import { dependentSection, served, sourceSection } from './source-section.js';
import { listedAssets } from './stock-pools.js';
import type { WebsiteDeps } from './website-deps.js';

/** The tag slugs read, and how many open events of each (the stock list is the longest). */
export const ODDS_TAGS = { fed: 'fed-rates', inflation: 'inflation', stocks: 'stocks' } as const;
export const ODDS_LIMITS = { macro: 20, stocks: 100, outcomesPerEvent: 3 } as const;

/** An event of `odds.events` (Polymarket), as much of it as the card reads. */
interface ListedEvent {
  id: string;
  slug?: string;
  title?: string;
  mutuallyExclusive?: boolean;
  endDate?: string;
  volumeUsd?: number;
  tags?: { slug?: string }[];
  markets: { id: string; question?: string; label?: string; yesPrice?: string }[];
}

/** The events of an answer as the card's input; an event without a title cannot be shown. */
function inputsOf(value: unknown): OddsEventInput[] {
  return ((value as { events: ListedEvent[] }).events ?? []).flatMap((e) =>
    e.title === undefined
      ? []
      : [
          {
            id: e.id,
            title: e.title,
            slug: e.slug,
            tags: (e.tags ?? []).flatMap((t) => (t.slug ? [t.slug] : [])),
            mutuallyExclusive: e.mutuallyExclusive === true,
            endDate: e.endDate,
            volumeUsd: e.volumeUsd,
            markets: e.markets.map((m) => ({ label: m.label ?? m.question ?? m.id, yesPrice: m.yesPrice })),
          },
        ],
  );
}

export async function oddsAnswer(deps: WebsiteDeps): Promise<V1Odds> {
  const { data } = deps;
  const [fed, inflation, stocks, list] = await Promise.all([
    data.odds.events({ tag: ODDS_TAGS.fed, limit: ODDS_LIMITS.macro }),
    data.odds.events({ tag: ODDS_TAGS.inflation, limit: ODDS_LIMITS.macro }),
    data.odds.events({ tag: ODDS_TAGS.stocks, limit: ODDS_LIMITS.stocks }),
    data.stocks.list(),
  ]);
  const shown = new Set<string>();
  const pick = (result: Result, tickers: readonly string[], kind: OddsEvent['kind']) =>
    selectOdds(inputsOf(served(result) ? result.data : { events: [] }), tickers, {
      perEvent: ODDS_LIMITS.outcomesPerEvent,
    }).filter((e) => {
      if (e.kind !== kind || shown.has(e.id)) return false;
      shown.add(e.id);
      return true;
    });
  const macro = (result: Result) => {
    const events = pick(result, [], 'macro');
    return sourceSection(result, () => ({ events }));
  };
  const fedSection = macro(fed);
  const inflationSection = macro(inflation);
  let stockSection: Section<{ events: OddsEvent[]; tickers: number }>;
  if (!served(list))
    stockSection = dependentSection(
      "the issuer's stock-token list",
      sourceSection(list, () => undefined),
    );
  else {
    const tickers = listedAssets(list.data, CHAINS[DEFAULT_CHAIN].chainId).listed.map((a) => a.symbol);
    const events = pick(stocks, tickers, 'stock');
    stockSection = sourceSection(stocks, () => ({ events, tickers: tickers.length }));
  }
  return { fed: fedSection, inflation: inflationSection, stocks: stockSection, notice: ODDS_NOTICE };
}
