// The US equities capabilities, answered by Finnhub (docs/data-layer.md, "Other data sources":
// US quotes, profile, news, earnings calendar). Global scope:
// a US listing is about no chain. Symbols are US tickers as Finnhub names them (AAPL, BRK.B),
// accepted in any case and sent upper case. Dates are calendar days (YYYY-MM-DD, UTC); a window
// left out is filled by the provider and returned in the answer (`from`, `to`).
// TTLs: the quote is a price (`block`, 30 s); a company profile is metadata (`metadata`, 10 min);
// company news and the earnings calendar change over hours, not seconds, and each request costs
// one call of Finnhub's per-minute budget, so they are kept as metadata-like lists (10 min).
import * as z from 'zod';
import { defineCapability, type CapabilityDefinition, type TtlClass } from './define-capability.js';

export const usTickerSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,6}(?:\.[A-Z]{1,2})?$/, 'a US ticker such as AAPL or BRK.B')
  .describe('US ticker, such as AAPL or BRK.B');

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'not a calendar date');

const window = <T extends { from?: string | undefined; to?: string | undefined }>(p: T) =>
  p.from === undefined || p.to === undefined || p.from <= p.to;
const WINDOW_MESSAGE = { message: 'from must not be after to', path: ['from'] };

const equities = <P extends z.ZodObject>(
  operation: string,
  summary: string,
  params: P,
  ttl: TtlClass,
): CapabilityDefinition<P> =>
  defineCapability({
    name: `equities.${operation}`,
    group: 'equities',
    operation,
    summary,
    scope: 'global',
    params,
    ttl,
  });

export const equitiesQuote = equities(
  'quote',
  'A US stock quote: current price, change, percent change, day high, low, open, previous close and the time of the last update.',
  z.object({ symbol: usTickerSchema }).strict(),
  'block',
);

export const equitiesProfile = equities(
  'profile',
  'A US company profile: name, exchange, country, currency, industry, IPO date, market capitalization, shares outstanding, website and logo.',
  z.object({ symbol: usTickerSchema }).strict(),
  'metadata',
);

export const equitiesNews = equities(
  'news',
  'Company news of a US stock between two dates (default the last 7 days), newest first (untrusted third-party text).',
  z
    .object({
      symbol: usTickerSchema,
      from: calendarDaySchema.optional().describe('first day, YYYY-MM-DD (default 6 days before `to`)'),
      to: calendarDaySchema.optional().describe('last day, YYYY-MM-DD (default today, UTC)'),
      limit: z.number().int().min(1).max(100).default(20).describe('articles (1 to 100, default 20)'),
    })
    .strict()
    .refine(window, WINDOW_MESSAGE),
  'metadata',
);

export const equitiesEarnings = equities(
  'earnings',
  'The earnings calendar between two dates (default the next 7 days), optionally for one US stock: date, hour, EPS and revenue estimates and actuals.',
  z
    .object({
      symbol: usTickerSchema.optional(),
      from: calendarDaySchema.optional().describe('first day, YYYY-MM-DD (default today, UTC)'),
      to: calendarDaySchema.optional().describe('last day, YYYY-MM-DD (default 6 days after `from`)'),
    })
    .strict()
    .refine(window, WINDOW_MESSAGE),
  'metadata',
);

export const FINNHUB_CAPABILITIES = [equitiesQuote, equitiesProfile, equitiesNews, equitiesEarnings] as const;
