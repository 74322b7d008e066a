// `equities.quote`: GET /quote. An unknown symbol is answered 200 with zeros and nulls
// (`{"c":0,"d":null,...,"t":0}`): that is no data (UNAVAILABLE), never a price of 0. A 0 in a
// price or time member is "not sent", so it is absent too.
import type { z } from 'zod';
import type { equitiesQuote } from '../../capabilities/finnhub.js';
import { compact } from '../../compact.js';
import { decimal, num } from '../../market/market-values.js';
import type { EquityQuote } from '../../sources/finnhub-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { FinnhubGet } from './http.js';
import { quoteSchema } from './payloads.js';
import { noData, price, time } from './values.js';

type QuoteParams = z.output<typeof equitiesQuote.params>;

export function quote(get: FinnhubGet): CapabilityHandler {
  return async (params) => {
    const { symbol } = params as QuoteParams;
    const q = await get('/quote', { symbol }, quoteSchema);
    const current = price(q.c);
    if (current === undefined)
      throw noData(`Finnhub has no quote for ${symbol} (an unknown symbol, or one its plan does not cover)`);
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
  };
}
