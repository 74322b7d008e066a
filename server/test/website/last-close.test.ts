// The last close of the premium's rule 2, from a quote shaped like the quote provider's
// (equities.quote: price, previousClose, time): `price` once the quote's session has closed
// (16:00 New York time, in summer and in winter), `previousClose` while it is open.
import { describe, expect, test } from 'vitest';
import { lastCloseOf, sessionCloseOf } from '../../src/services/website/last-close.js';

const quote = (time: string | undefined) => ({ price: '471.02', previousClose: '473.42', time });

describe('sessionCloseOf', () => {
  test.each([
    ['summer time (UTC-4)', '2026-10-01T14:30:00Z', '2026-10-01T20:00:00.000Z'],
    ['winter time (UTC-5)', '2026-12-04T15:00:00Z', '2026-12-04T21:00:00.000Z'],
    ['the day after the spring change', '2026-03-09T15:00:00Z', '2026-03-09T20:00:00.000Z'],
    ['the Friday before it', '2026-03-06T15:00:00Z', '2026-03-06T21:00:00.000Z'],
    [
      'late evening in New York, already the next day in UTC',
      '2026-10-02T02:00:00Z',
      '2026-10-01T20:00:00.000Z',
    ],
  ])('%s', (_case, at, close) => {
    expect(new Date(sessionCloseOf(Date.parse(at))).toISOString()).toBe(close);
  });
});

describe('lastCloseOf', () => {
  test("after the session of the quote's time: the price is that session's close", () => {
    expect(lastCloseOf(quote('2026-10-01T20:00:00.000Z'), new Date('2026-10-01T21:00:00Z'))).toEqual({
      price: '471.02',
      member: 'price',
      quoteTime: '2026-10-01T20:00:00.000Z',
    });
  });

  test('before the next open and over a weekend: still the last session close', () => {
    const friday = quote('2026-10-02T20:00:00.000Z');
    expect(lastCloseOf(friday, new Date('2026-10-05T12:00:00Z'))).toMatchObject({ member: 'price' });
  });

  test('while the session is open: the previous close', () => {
    expect(lastCloseOf(quote('2026-12-04T20:30:00.000Z'), new Date('2026-12-04T20:59:00Z'))).toEqual({
      price: '473.42',
      member: 'previousClose',
      quoteTime: '2026-12-04T20:30:00.000Z',
    });
    expect(lastCloseOf(quote('2026-12-04T20:30:00.000Z'), new Date('2026-12-04T21:00:00Z'))).toMatchObject({
      member: 'price',
    });
  });

  test('what the quote does not give is said, never filled in', () => {
    expect(lastCloseOf(quote(undefined), new Date())).toEqual({
      missing: 'the quote has no time, so its session is not known',
    });
    expect(
      lastCloseOf({ price: '1', time: '2026-12-04T15:00:00.000Z' }, new Date('2026-12-04T16:00:00Z')),
    ).toEqual({ missing: 'the session is open and the quote has no previous close' });
  });
});
