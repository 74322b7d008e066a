// Finnhub, the US equities source:
// - equities.quote: GET /quote. An unknown symbol is answered 200 with zeros and nulls
//   (`{"c":0,"d":null,...,"t":0}`): that is no data (UNAVAILABLE), never a price of 0. A 0 in a
//   price or time member is "not sent", so it is absent too;
// - equities.profile: GET /stock/profile2; an unknown symbol answers `{}`: no data;
// - equities.news: GET /company-news between two days (default the last 7, UTC), newest first,
//   cut to `limit`; an empty list is Finnhub's answer (no news in the window), returned as such;
// - equities.earnings: GET /calendar/earnings between two days (default the next 7, UTC),
//   optionally for one symbol, ordered by date then symbol.
// Health: GET /stock/market-status?exchange=US (whether the US market is open).
import type { z } from 'zod';
import type {
  equitiesEarnings,
  equitiesNews,
  equitiesProfile,
  equitiesQuote,
} from '../../capabilities/finnhub.js';
import { compact } from '../../compact.js';
import { InvalidInputError, NoDataError } from '../../errors/data-errors.js';
import { decimal, num } from '../../market/market-values.js';
import type {
  EarningsCalendar,
  EarningsEvent,
  EarningsHour,
  EquityNews,
  EquityProfile,
  EquityQuote,
  NewsArticle,
} from '../../sources/finnhub-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { createFinnhubGet } from './http.js';
import { earningsSchema, marketStatusSchema, newsSchema, profileSchema, quoteSchema } from './payloads.js';

type QuoteParams = z.output<typeof equitiesQuote.params>;
type ProfileParams = z.output<typeof equitiesProfile.params>;
type NewsParams = z.output<typeof equitiesNews.params>;
type EarningsParams = z.output<typeof equitiesEarnings.params>;

/** The window a list covers when the caller leaves it out: 7 calendar days. */
const WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
const HOURS: readonly EarningsHour[] = ['bmo', 'amc', 'dmh'];

/** A non-blank string as sent, else undefined. */
const text = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
/** A price: a positive number as a decimal string; 0 (Finnhub's "nothing") is absent. */
const price = (value: number | null | undefined) =>
  typeof value === 'number' && value > 0 ? decimal(value) : undefined;
/** Unix seconds as ISO 8601; 0 is absent. */
const time = (seconds: number | null | undefined) => {
  const n = num(seconds);
  return n !== undefined && n > 0 ? new Date(n * 1000).toISOString() : undefined;
};
const today = () => new Date(Date.now()).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Both ends of a window, the missing ones filled; a window upside down is refused before any request. */
function windowOf(from: string | undefined, to: string | undefined, anchor: 'to' | 'from') {
  let start = from;
  let end = to;
  if (anchor === 'to') {
    end ??= today();
    start ??= addDays(end, -(WINDOW_DAYS - 1));
  } else {
    start ??= today();
    end ??= addDays(start, WINDOW_DAYS - 1);
  }
  if (start > end)
    throw new InvalidInputError(`from (${start}) must not be after to (${end})`, { provider: 'finnhub' });
  return { from: start, to: end };
}

export const createFinnhubProvider: ProviderFactory = (endpoint, context) => {
  const get = createFinnhubGet(endpoint, context);
  const noData = (message: string) => new NoDataError(message, { provider: 'finnhub' });

  return {
    handlers: {
      'equities.quote': async (params) => {
        const { symbol } = params as QuoteParams;
        const q = await get('/quote', { symbol }, quoteSchema);
        const current = price(q.c);
        if (current === undefined)
          throw noData(
            `Finnhub has no quote for ${symbol} (an unknown symbol, or one its plan does not cover)`,
          );
        const data: EquityQuote = compact({
          symbol,
          price: current,
          change: decimal(q.d),
          changePct: num(q.dp),
          high: price(q.h),
          low: price(q.l),
          open: price(q.o),
          previousClose: price(q.pc),
          time: time(q.t),
        }) as EquityQuote;
        return { data };
      },
      'equities.profile': async (params) => {
        const { symbol } = params as ProfileParams;
        const p = await get('/stock/profile2', { symbol }, profileSchema);
        const fields = compact({
          ticker: text(p.ticker),
          name: text(p.name),
          exchange: text(p.exchange),
          country: text(p.country),
          currency: text(p.currency),
          industry: text(p.finnhubIndustry),
          ipoDate: text(p.ipo),
          marketCapMillions: positive(p.marketCapitalization),
          sharesOutstandingMillions: positive(p.shareOutstanding),
          website: text(p.weburl),
          logo: text(p.logo),
          phone: text(p.phone),
        }) as Omit<EquityProfile, 'symbol'>;
        if (Object.keys(fields).length === 0) throw noData(`Finnhub has no profile for ${symbol}`);
        const data: EquityProfile = { symbol, ...fields };
        return { data };
      },
      'equities.news': async (params) => {
        const { symbol, limit, ...asked } = params as NewsParams;
        const { from, to } = windowOf(asked.from, asked.to, 'to');
        const list = await get('/company-news', { symbol, from, to }, newsSchema);
        const articles = list
          .map((a) => ({ a, at: num(a.datetime) ?? 0 }))
          .filter(({ a }) => text(a.headline) !== undefined)
          .sort((x, y) => y.at - x.at)
          .slice(0, limit)
          .map(
            ({ a }) =>
              compact({
                id: num(a.id),
                headline: a.headline,
                summary: text(a.summary),
                source: text(a.source),
                url: text(a.url),
                image: text(a.image),
                category: text(a.category),
                related: text(a.related),
                publishedAt: time(a.datetime),
              }) as NewsArticle,
          );
        const data: EquityNews = { symbol, from, to, total: list.length, articles, untrusted: true };
        return { data };
      },
      'equities.earnings': async (params) => {
        const { symbol, ...asked } = params as EarningsParams;
        const { from, to } = windowOf(asked.from, asked.to, 'from');
        const answer = await get(
          '/calendar/earnings',
          { from, to, ...(symbol !== undefined ? { symbol } : {}) },
          earningsSchema,
        );
        const earnings = answer.earningsCalendar
          .flatMap((e) => {
            const ticker = text(e.symbol);
            const date = text(e.date);
            if (ticker === undefined || date === undefined) return [];
            const hour = HOURS.find((h) => h === e.hour);
            return [
              compact({
                symbol: ticker,
                date,
                hour,
                year: num(e.year),
                quarter: num(e.quarter),
                epsEstimate: num(e.epsEstimate),
                epsActual: num(e.epsActual),
                revenueEstimate: num(e.revenueEstimate),
                revenueActual: num(e.revenueActual),
              }) as EarningsEvent,
            ];
          })
          .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
        const data: EarningsCalendar = compact({ from, to, symbol, earnings }) as EarningsCalendar;
        return { data };
      },
    },
    health: async () => {
      const status = await get('/stock/market-status', { exchange: 'US' }, marketStatusSchema);
      return compact({
        exchange: text(status.exchange),
        isOpen: status.isOpen ?? undefined,
        session: text(status.session),
        holiday: text(status.holiday),
        time: time(status.t),
      }) as Record<string, unknown>;
    },
  };
};

/** A positive amount Finnhub reported (0 means it reported none). */
function positive(value: number | null | undefined): number | undefined {
  const n = num(value);
  return n !== undefined && n > 0 ? n : undefined;
}
