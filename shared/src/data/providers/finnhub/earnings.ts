// `equities.earnings`: GET /calendar/earnings between two days (default the next 7, UTC),
// optionally for one symbol, ordered by date then symbol.
import type { z } from 'zod';
import type { equitiesEarnings } from '../../capabilities/finnhub.js';
import { compact } from '../../compact.js';
import { num } from '../../market/market-values.js';
import type { EarningsCalendar, EarningsEvent, EarningsHour } from '../../sources/finnhub-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { FinnhubGet } from './http.js';
import { earningsSchema } from './payloads.js';
import { text, windowOf } from './values.js';

type EarningsParams = z.output<typeof equitiesEarnings.params>;
type EarningsEntry = z.infer<typeof earningsSchema>['earningsCalendar'][number];

const HOURS: readonly EarningsHour[] = ['bmo', 'amc', 'dmh'];

/** An entry with its symbol and date as an event; none without them. */
function eventsOf(e: EarningsEntry): EarningsEvent[] {
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
}

export function earnings(get: FinnhubGet): CapabilityHandler {
  return async (params) => {
    const { symbol, ...asked } = params as EarningsParams;
    const { from, to } = windowOf(asked.from, asked.to, 'from');
    const answer = await get(
      '/calendar/earnings',
      { from, to, ...(symbol !== undefined ? { symbol } : {}) },
      earningsSchema,
    );
    const events = answer.earningsCalendar
      .flatMap(eventsOf)
      .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
    const data: EarningsCalendar = compact({ from, to, symbol, earnings: events }) as EarningsCalendar;
    return { data };
  };
}
