// Finnhub responses, from the official generated client github.com/Finnhub-Stock-API/finnhub-js
// (`src/model/Quote.js`, `CompanyProfile2.js`, `CompanyNews.js`, `EarningsCalendar.js`,
// `EarningRelease.js`, `MarketStatus.js`) and https://finnhub.io/docs/api (quote,
// company-profile2, company-news, earnings-calendar, market-status); error bodies `{"error": "..."}`
// as observed (github.com/finnhubio/Finnhub-API issues #405, #493, #582). Only what
// the layer reads is validated; every member may be missing or null (an unknown symbol's quote is
// all zeros and nulls, its profile `{}`).
import * as z from 'zod';

const num = z.number().nullable().optional();
const str = z.string().nullable().optional();

/** GET /quote: `c` current, `d` change, `dp` percent change, `h` `l` `o`, `pc` previous close, `t` unix s. */
export const quoteSchema = z.looseObject({
  c: num,
  d: num,
  dp: num,
  h: num,
  l: num,
  o: num,
  pc: num,
  t: num,
});

/** GET /stock/profile2: `CompanyProfile2` (market capitalization and shares in millions). */
export const profileSchema = z.looseObject({
  country: str,
  currency: str,
  exchange: str,
  name: str,
  ticker: str,
  ipo: str,
  marketCapitalization: num,
  shareOutstanding: num,
  logo: str,
  phone: str,
  weburl: str,
  finnhubIndustry: str,
});

/** GET /company-news: an array of `CompanyNews` (`datetime` in unix seconds). */
export const newsSchema = z.array(
  z.looseObject({
    category: str,
    datetime: num,
    headline: str,
    id: num,
    image: str,
    related: str,
    source: str,
    summary: str,
    url: str,
  }),
);

/** GET /calendar/earnings: `EarningsCalendar` of `EarningRelease` entries. */
export const earningsSchema = z.looseObject({
  earningsCalendar: z.array(
    z.looseObject({
      symbol: str,
      date: str,
      hour: str,
      year: num,
      quarter: num,
      epsEstimate: num,
      epsActual: num,
      revenueEstimate: num,
      revenueActual: num,
    }),
  ),
});

/** GET /stock/market-status: `MarketStatus` (health). */
export const marketStatusSchema = z.looseObject({
  exchange: str,
  timezone: str,
  session: str,
  holiday: str,
  isOpen: z.boolean().nullable().optional(),
  t: num,
});

/** Error bodies of every status: `{"error": "..."}`. */
export const errorBodySchema = z.looseObject({ error: z.string().optional() });
