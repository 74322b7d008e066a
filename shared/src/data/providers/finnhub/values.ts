// Reading Finnhub's members: 0 is its "nothing" for prices, amounts and times, so it is absent;
// and the day windows of the list endpoints (7 calendar days, UTC, when the caller leaves them out).
import { InvalidInputError, NoDataError } from '../../errors/data-errors.js';
import { decimal, num } from '../../market/market-values.js';

/** The window a list covers when the caller leaves it out: 7 calendar days. */
const WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

export const noData = (message: string) => new NoDataError(message, { provider: 'finnhub' });

/** A non-blank string as sent, else undefined. */
export const text = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
/** A price: a positive number as a decimal string; 0 (Finnhub's "nothing") is absent. */
export const price = (value: number | null | undefined) =>
  typeof value === 'number' && value > 0 ? decimal(value) : undefined;
/** Unix seconds as ISO 8601; 0 is absent. */
export const time = (seconds: number | null | undefined) => {
  const n = num(seconds);
  return n !== undefined && n > 0 ? new Date(n * 1000).toISOString() : undefined;
};

/** A positive amount Finnhub reported (0 means it reported none). */
export function positive(value: number | null | undefined): number | undefined {
  const n = num(value);
  return n !== undefined && n > 0 ? n : undefined;
}

const today = () => new Date(Date.now()).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Both ends of a window, the missing ones filled; a window upside down is refused before any request. */
export function windowOf(from: string | undefined, to: string | undefined, anchor: 'to' | 'from') {
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
