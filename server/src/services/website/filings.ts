// The regulator filings card (docs/website.md, "Filings"): the registrant behind a
// ticker; current reports (8-K) with every item number translated to a plain label; quarterly
// and annual reports (10-Q, 10-K); ownership filings (Schedules 13D and 13G); insider forms 3,
// 4 and 5 counted over the last 30 days instead of listed; links to the regulator's documents.
// A ticker the regulator does not list shows `no filer`. Pure over what the data layer answered.
import { form8kLabel, type SecFiling, type SecSubmissions } from '@pkg/shared/data';

export const INSIDER_WINDOW_DAYS = 30;

export type FilingKind = 'current' | 'periodic' | 'ownership' | 'insider' | 'other';

export interface CardFiling {
  form: string;
  filingDate: string;
  reportDate?: string;
  /** 8-K: each item with its plain label (an item the form does not define keeps its number). */
  items?: { item: string; label?: string }[];
  url?: string;
  indexUrl: string;
}

export interface FilingsCard {
  cik: string;
  name?: string;
  current: CardFiling[];
  periodic: CardFiling[];
  ownership: CardFiling[];
  /** Forms 3, 4 and 5 (and amendments) filed in the last 30 days, counted per form. */
  insider: { days: number; total: number; byForm: Record<string, number> };
}

/** What a form is to the card; amendments (`/A`) count as their form. */
export function filingKind(form: string): FilingKind {
  const base = form.toUpperCase().replace(/\/A$/, '').trim();
  if (base === '8-K') return 'current';
  if (base === '10-Q' || base === '10-K') return 'periodic';
  if (/^(SC|SCHEDULE) 13[DG]$/.test(base)) return 'ownership';
  if (base === '3' || base === '4' || base === '5') return 'insider';
  return 'other';
}

function cardFiling(filing: SecFiling): CardFiling {
  return {
    form: filing.form,
    filingDate: filing.filingDate,
    ...(filing.reportDate ? { reportDate: filing.reportDate } : {}),
    ...(filing.items
      ? {
          items: filing.items.map((item) => {
            const label = form8kLabel(item);
            return label ? { item, label } : { item };
          }),
        }
      : {}),
    ...(filing.url ? { url: filing.url } : {}),
    indexUrl: filing.indexUrl,
  };
}

/** The card from a registrant's recent filings (newest first), as of `now`. */
export function filingsCard(submissions: SecSubmissions, now: Date, perKind = 10): FilingsCard {
  const since = new Date(now.getTime() - INSIDER_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const card: FilingsCard = {
    cik: submissions.cik,
    ...(submissions.name ? { name: submissions.name } : {}),
    current: [],
    periodic: [],
    ownership: [],
    insider: { days: INSIDER_WINDOW_DAYS, total: 0, byForm: {} },
  };
  for (const filing of submissions.filings) {
    const kind = filingKind(filing.form);
    if (kind === 'insider') {
      if (filing.filingDate >= since) {
        card.insider.total++;
        card.insider.byForm[filing.form] = (card.insider.byForm[filing.form] ?? 0) + 1;
      }
    } else if (kind !== 'other' && card[kind].length < perKind) card[kind].push(cardFiling(filing));
  }
  return card;
}
