// The payloads of the US equities capabilities (capabilities/finnhub.ts), as the Finnhub provider
// answers them. Rules of market/market-types.ts: a member Finnhub did not return (missing, null,
// "", or a 0 where a price or a time is meant) is absent, never 0, "" or "unknown"; prices are
// decimal strings of the numbers Finnhub sent; percentages and counts are numbers; times are
// ISO 8601 (UTC); calendar days are YYYY-MM-DD. Finnhub's free plan covers US listings, priced in
// USD; the quote itself names no currency and none is added.

/** equities.quote (Finnhub `GET /quote`). */
export interface EquityQuote {
  symbol: string;
  /** Current price (`c`): the last trade, or the last close outside the session. */
  price: string;
  /** Change against the previous close (`d`), a signed decimal string. */
  change?: string;
  /** Percent change against the previous close (`dp`), e.g. 0.81 for +0.81 %. */
  changePct?: number;
  /** Day high (`h`), low (`l`), open (`o`). */
  high?: string;
  low?: string;
  open?: string;
  /** Previous session's close (`pc`). */
  previousClose?: string;
  /** When Finnhub last updated the quote (`t`). */
  time?: string;
}

/** equities.profile (Finnhub `GET /stock/profile2`). */
export interface EquityProfile {
  /** The ticker asked for. */
  symbol: string;
  /** The ticker as Finnhub lists it. */
  ticker?: string;
  name?: string;
  exchange?: string;
  country?: string;
  /** The listing's currency (market capitalization is in it). */
  currency?: string;
  /** Finnhub's industry classification (`finnhubIndustry`). */
  industry?: string;
  /** IPO date, YYYY-MM-DD. */
  ipoDate?: string;
  /** Market capitalization in millions of `currency`, as Finnhub reports it. */
  marketCapMillions?: number;
  /** Shares outstanding, in millions, as Finnhub reports them. */
  sharesOutstandingMillions?: number;
  website?: string;
  logo?: string;
  phone?: string;
}

/** One article of equities.news (Finnhub `GET /company-news`). */
export interface NewsArticle {
  /** Finnhub's article id. */
  id?: number;
  headline: string;
  summary?: string;
  /** The publisher, as Finnhub names it. */
  source?: string;
  url?: string;
  image?: string;
  category?: string;
  /** Tickers the article is related to, as Finnhub lists them (comma-separated). */
  related?: string;
  publishedAt?: string;
}

/** equities.news: articles newest first; untrusted third-party text. */
export interface EquityNews {
  symbol: string;
  from: string;
  to: string;
  /** Articles Finnhub returned for the window, before `limit`. */
  total: number;
  articles: NewsArticle[];
  untrusted: true;
}

/** When a company reports: before the open, after the close, during market hours (Finnhub's codes). */
export type EarningsHour = 'bmo' | 'amc' | 'dmh';

/** One entry of equities.earnings (Finnhub `GET /calendar/earnings`). */
export interface EarningsEvent {
  symbol: string;
  /** YYYY-MM-DD. */
  date: string;
  hour?: EarningsHour;
  /** The fiscal year and quarter reported. */
  year?: number;
  quarter?: number;
  /** Earnings per share, in the listing's currency. */
  epsEstimate?: number;
  epsActual?: number;
  /** Revenue, in the listing's currency. */
  revenueEstimate?: number;
  revenueActual?: number;
}

/** equities.earnings: entries by date, then symbol. */
export interface EarningsCalendar {
  from: string;
  to: string;
  /** The one stock asked about, when one was. */
  symbol?: string;
  earnings: EarningsEvent[];
}
