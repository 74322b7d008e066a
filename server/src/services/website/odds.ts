// The prediction-market odds card (docs/website.md, "Odds"): open events tagged Fed or
// inflation, plus stock events naming a listed stock token's ticker as a word. A contract price
// is a probability. Mutually exclusive outcomes show the most likely outcomes; independent price
// levels show the levels nearest 50 %. Market prices, not a forecast. Pure: the caller brings the
// events as the odds source returned them.

export interface OddsMarketInput {
  /** The outcome's own label (Polymarket `groupItemTitle`), else its question. */
  label: string;
  /** The price of Yes, 0..1, as a decimal string; absent when not priced. */
  yesPrice?: string | undefined;
}

export interface OddsEventInput {
  id: string;
  title: string;
  slug?: string | undefined;
  /** Tag slugs (`fed-rates`, `inflation` …). */
  tags: readonly string[];
  /** One outcome resolves Yes (Polymarket `negRisk`). */
  mutuallyExclusive: boolean;
  endDate?: string | undefined;
  volumeUsd?: number | undefined;
  markets: readonly OddsMarketInput[];
}

export type OddsKind = 'macro' | 'stock';

export interface OddsOutcome {
  label: string;
  /** 0..1. */
  probability: number;
}

export interface OddsEvent {
  id: string;
  title: string;
  slug?: string;
  kind: OddsKind;
  /** The stock token's ticker the event names (stock events). */
  ticker?: string;
  shape: 'most likely' | 'nearest 50 %';
  outcomes: OddsOutcome[];
  endDate?: string;
  volumeUsd?: number;
}

/** Tag slugs that make an event a Fed or inflation event. */
export const MACRO_TAGS: ReadonlySet<string> = new Set(['fed', 'fed-rates', 'inflation', 'cpi']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first listed ticker the title names as a whole word (BRK.B included), if any. */
export function tickerNamed(title: string, tickers: readonly string[]): string | undefined {
  return tickers.find((t) =>
    new RegExp(`(^|[^A-Za-z0-9.])\\$?${escape(t)}(?![A-Za-z0-9]|\\.[A-Za-z])`).test(title),
  );
}

function priced(markets: readonly OddsMarketInput[]): OddsOutcome[] {
  return markets.flatMap((m) => {
    const p = m.yesPrice === undefined ? NaN : Number(m.yesPrice);
    return Number.isFinite(p) && p >= 0 && p <= 1 ? [{ label: m.label, probability: p }] : [];
  });
}

/** The outcomes a card shows for one event, by its kind. */
export function oddsOutcomes(
  event: Pick<OddsEventInput, 'mutuallyExclusive' | 'markets'>,
  count = 3,
): OddsOutcome[] {
  const outcomes = priced(event.markets);
  if (event.mutuallyExclusive) return outcomes.sort((a, b) => b.probability - a.probability).slice(0, count);
  return outcomes
    .map((o, i) => ({ o, i }))
    .sort((a, b) => Math.abs(a.o.probability - 0.5) - Math.abs(b.o.probability - 0.5) || a.i - b.i)
    .slice(0, count)
    .map(({ o }) => o);
}

/** The events the card shows: macro events by tag, stock events by a listed ticker in the title. */
export function selectOdds(
  events: readonly OddsEventInput[],
  tickers: readonly string[],
  options: { perEvent?: number } = {},
): OddsEvent[] {
  const chosen: OddsEvent[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    if (seen.has(event.id)) continue;
    const macro = event.tags.some((t) => MACRO_TAGS.has(t.toLowerCase()));
    const ticker = macro ? undefined : tickerNamed(event.title, tickers);
    if (!macro && !ticker) continue;
    const outcomes = oddsOutcomes(event, options.perEvent);
    if (outcomes.length === 0) continue;
    seen.add(event.id);
    chosen.push({
      id: event.id,
      title: event.title,
      ...(event.slug !== undefined ? { slug: event.slug } : {}),
      kind: macro ? 'macro' : 'stock',
      ...(ticker ? { ticker } : {}),
      shape: event.mutuallyExclusive ? 'most likely' : 'nearest 50 %',
      outcomes,
      ...(event.endDate !== undefined ? { endDate: event.endDate } : {}),
      ...(event.volumeUsd !== undefined ? { volumeUsd: event.volumeUsd } : {}),
    });
  }
  return chosen;
}
