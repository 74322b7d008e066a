// What Firecrawl's handlers share: the scrape options (the page's main content as markdown), the
// first of a repeated metadata member, and the sum of the credits reported.
import { num, str } from '../web-errors.js';

export const SCRAPE_OPTIONS = { formats: ['markdown'], onlyMainContent: true } as const;

/** Metadata members may be a list when the page repeats a meta tag: the first one. */
export const first = (value: string | string[] | null | undefined) =>
  str(Array.isArray(value) ? value.find((v) => v.trim() !== '') : value);

/** A sum of the credits reported, or undefined when none was. */
export function sum(values: (number | null | undefined)[]): number | undefined {
  const known = values.map(num).filter((v): v is number => v !== undefined);
  return known.length > 0 ? known.reduce((a, b) => a + b, 0) : undefined;
}
