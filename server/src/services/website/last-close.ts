// The stock's last regular-session close for the premium's rule 2 (docs/website.md, "Premium"),
// from the quote provider's quote (equities.quote: `price` is the last trade, or the last close
// outside the session; `previousClose` the session before): once the session of the quote's time
// has closed (16:00 New York time on that day), `price` is that session's close; while that
// session is still open, the last close is `previousClose`. Pure: the caller brings the quote and
// the time. Early-closing days are not known here: between their close and 16:00 the previous
// close is used.

export const SESSION_CLOSE_NEW_YORK = { hour: 16, minute: 0 } as const;
const ZONE = 'America/New_York';

export interface QuoteForClose {
  /** The last trade, or the last close outside the session (decimal string). */
  price?: string | undefined;
  /** The previous session's close (decimal string). */
  previousClose?: string | undefined;
  /** When the provider last updated the quote (ISO 8601). */
  time?: string | undefined;
}

export interface LastCloseOf {
  price: string;
  member: 'price' | 'previousClose';
  quoteTime?: string;
}

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** New York's wall-clock reading of an instant, as if it were UTC (ms). */
function wallClock(ms: number): number {
  const p = new Map(parts.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  const n = (type: Intl.DateTimeFormatPartTypes) => p.get(type) ?? NaN;
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The instant the regular session of the New York day of `ms` closes. */
export function sessionCloseOf(ms: number): number {
  const wall = new Date(wallClock(ms));
  const close = Date.UTC(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    SESSION_CLOSE_NEW_YORK.hour,
    SESSION_CLOSE_NEW_YORK.minute,
  );
  // New York's offset from UTC at that close (4 or 5 hours), read from the zone itself.
  return close - (wallClock(close) - close);
}

/** The last close, or undefined (with why) when the quote does not give it. */
export function lastCloseOf(quote: QuoteForClose, now: Date): LastCloseOf | { missing: string } {
  const at = quote.time === undefined ? NaN : Date.parse(quote.time);
  if (!Number.isFinite(at)) return { missing: 'the quote has no time, so its session is not known' };
  const closed = now.getTime() >= sessionCloseOf(at);
  const time = { quoteTime: quote.time as string };
  if (closed)
    return quote.price !== undefined
      ? { price: quote.price, member: 'price', ...time }
      : { missing: 'the quote has no price' };
  return quote.previousClose !== undefined
    ? { price: quote.previousClose, member: 'previousClose', ...time }
    : { missing: 'the session is open and the quote has no previous close' };
}
