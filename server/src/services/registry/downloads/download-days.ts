// UTC days, `YYYY-MM-DD`, as download_counts stores them (docs/registry-api.md, "Download counts").
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The `length` UTC days ending with the day of `today`, oldest first. */
export function periodDays(today: Date, length: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length }, (_, i) => utcDay(new Date(end - (length - 1 - i) * DAY_MS)));
}

/**
 * utcDay of an instant in milliseconds, its text kept until an instant falls outside that day: a
 * counted download costs no date formatting (download-counter.ts).
 */
export function utcDayCache(): (ms: number) => string {
  let day = { start: 0, end: -1, text: '' };
  return (ms) => {
    if (ms < day.start || ms >= day.end) {
      const start = ms - (ms % DAY_MS);
      day = { start, end: start + DAY_MS, text: utcDay(new Date(start)) };
    }
    return day.text;
  };
}
