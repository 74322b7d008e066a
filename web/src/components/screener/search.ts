// The screener's filters as the page's URL carries them (docs/website.md: a filtered view is a
// link). Each value is validated on its own; an invalid one is dropped (so that a bad link still
// renders the list) and named in `ignored`, which the router keeps in the URL it rewrites, until
// the filters are applied again.
import {
  SCREENER_FLAGS,
  SCREENER_MAX_AGE_HOURS,
  type ScreenerFlag,
  type V1Params,
} from '@pkg/shared/contract';
import { coercedNumberParam, listParam, parseSearch } from '../../lib/url-params';

/** A flag list: an array (as the router writes it) or one comma-separated string (as people type it). */
const flagList = listParam(SCREENER_FLAGS, { commas: true });

// Small dedicated parsers: validateSearch runs in the first bundle (lib/url-params.ts).
const screenerSearch = {
  minLiquidityUsd: coercedNumberParam((n) => n >= 0 && n <= 1e12),
  maxAgeHours: coercedNumberParam((n) => n > 0 && n <= SCREENER_MAX_AGE_HOURS),
  exclude: flagList,
  require: flagList,
};

export const FILTER_KEYS = ['minLiquidityUsd', 'maxAgeHours', 'exclude', 'require'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
const ignoredList = listParam(FILTER_KEYS);

export interface ScreenerSearch {
  minLiquidityUsd?: number | undefined;
  maxAgeHours?: number | undefined;
  exclude?: ScreenerFlag[] | undefined;
  require?: ScreenerFlag[] | undefined;
  /** Filters of the link that were not valid, so were dropped. */
  ignored?: FilterKey[] | undefined;
}

export function validateScreenerSearch(raw: Record<string, unknown>): ScreenerSearch {
  const parsed = parseSearch(raw, screenerSearch);
  const earlier = ignoredList(raw.ignored) ?? [];
  const ignored = FILTER_KEYS.filter(
    (k) => parsed[k] === undefined && (raw[k] !== undefined || earlier.includes(k)),
  );
  return { ...parsed, ...(ignored.length > 0 ? { ignored } : {}) };
}

/**
 * The search params the URL should carry: only the filters that are set (an empty list is no
 * filter; `ignored` is dropped), and a flag both excluded and required is kept as excluded only (the API refuses both).
 */
export function cleanSearch(search: ScreenerSearch): ScreenerSearch {
  const exclude = SCREENER_FLAGS.filter((f) => search.exclude?.includes(f));
  const require = SCREENER_FLAGS.filter((f) => search.require?.includes(f) && !exclude.includes(f));
  return {
    ...(search.minLiquidityUsd !== undefined ? { minLiquidityUsd: search.minLiquidityUsd } : {}),
    ...(search.maxAgeHours !== undefined ? { maxAgeHours: search.maxAgeHours } : {}),
    ...(exclude.length > 0 ? { exclude } : {}),
    ...(require.length > 0 ? { require } : {}),
  };
}

/** The API parameters of a search: the loader and the component build them the same way. */
export function screenerParams(search: ScreenerSearch): ScreenerSearch & V1Params<'screener'> {
  return cleanSearch(search);
}
