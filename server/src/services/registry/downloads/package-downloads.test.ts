// The answer of packages.downloads from stored rows (docs/registry-api.md, "Download counts"):
// the period's UTC days, every one listed with zeros filled, rows outside the period left out,
// versions most downloaded first.
import { describe, expect, test } from 'vitest';
import { periodDays, utcDay, utcDayCache } from './download-days.js';
import { summarizeDownloads } from './package-downloads.js';

describe('UTC days', () => {
  test('the day of an instant is its UTC day, whatever the local time zone', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(utcDay(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
    expect(utcDay(new Date('2026-03-02T01:30:00.000+05:00'))).toBe('2026-03-01');
  });

  test('the kept day changes exactly at midnight UTC, forward and back', () => {
    const dayOf = utcDayCache();
    const at = (iso: string) => dayOf(Date.parse(iso));
    expect(at('2026-03-01T23:59:59.999Z')).toBe('2026-03-01');
    expect(at('2026-03-02T00:00:00.000Z')).toBe('2026-03-02');
    expect(at('2026-03-02T23:59:59.999Z')).toBe('2026-03-02');
    expect(at('2026-03-01T12:00:00.000Z')).toBe('2026-03-01');
  });

  test.each([
    ['last week in the middle of a day', '2026-03-04T12:00:00Z', 7, '2026-02-26', '2026-03-04'],
    ['across a leap day', '2024-03-03T00:00:00Z', 7, '2024-02-26', '2024-03-03'],
    ['last 90 days across a year end', '2026-01-15T23:59:59Z', 90, '2025-10-18', '2026-01-15'],
    ['one second before midnight', '2026-12-31T23:59:59Z', 7, '2026-12-25', '2026-12-31'],
  ])('%s: %s, %i days → %s … %s', (_what, now, length, first, last) => {
    const days = periodDays(new Date(now), length);
    expect(days).toHaveLength(length);
    expect([days[0], days.at(-1)]).toEqual([first, last]);
    expect(new Set(days).size).toBe(length);
    expect([...days].sort()).toEqual(days);
  });
});

describe('summarizeDownloads', () => {
  const days = periodDays(new Date('2026-03-02T10:00:00Z'), 7);

  test('no rows: every day of the period at 0, no versions', () => {
    expect(summarizeDownloads('@acme/clock', 'last-week', days, [])).toEqual({
      name: '@acme/clock',
      period: 'last-week',
      start: '2026-02-24',
      end: '2026-03-02',
      total: 0,
      days: days.map((day) => ({ day, downloads: 0 })),
      versions: [],
    });
  });

  test('days summed over versions, versions over days; rows outside the period left out', () => {
    const answer = summarizeDownloads('@acme/clock', 'last-week', days, [
      { day: '2026-02-23', version: '1.0.0', count: 50 }, // the day before the period
      { day: '2026-02-24', version: '1.0.0', count: 2 },
      { day: '2026-02-24', version: '1.2.0', count: 3 },
      { day: '2026-03-02', version: '1.2.0', count: 4 },
      { day: '2026-03-02', version: '1.10.0', count: 2 },
      { day: '2026-03-02', version: '0.9.0', count: 2 },
      { day: '2026-03-03', version: '1.0.0', count: 70 }, // tomorrow
    ]);
    expect(answer.total).toBe(13);
    expect(answer.days).toEqual([
      { day: '2026-02-24', downloads: 5 },
      { day: '2026-02-25', downloads: 0 },
      { day: '2026-02-26', downloads: 0 },
      { day: '2026-02-27', downloads: 0 },
      { day: '2026-02-28', downloads: 0 },
      { day: '2026-03-01', downloads: 0 },
      { day: '2026-03-02', downloads: 8 },
    ]);
    expect(answer.versions).toEqual([
      { version: '1.2.0', downloads: 7 },
      { version: '1.10.0', downloads: 2 },
      { version: '1.0.0', downloads: 2 },
      { version: '0.9.0', downloads: 2 },
    ]);
  });
});
