// The grammar of the website's URLs (search params and path params), checked before any request.
// These checks run in the first bundle (route loaders and validateSearch are not code-split), so
// they are small dedicated parsers over the plain patterns of @pkg/shared/contract rather than a
// schema library: the pages' components, which load per route, use the full schemas
// (docs/website.md, "Pages"). A search param's value is what the router read from the URL (a
// string, or a number, boolean, array or object when it was written as JSON); each parser gives
// the value, or undefined when it is absent or not valid, so that a bad link still renders.
import {
  ADDRESS_PATTERN,
  MARKET_ADDRESS_PATTERN,
  NAMESPACE_PATTERN,
  NETWORK_PATTERN,
  PACKAGE_ID_PATTERN,
  PACKAGE_NAME_PATTERN,
  SEMVER_PATTERN,
  TICKER_PATTERN,
} from '@pkg/shared/contract';

/** A search param's parser: its value, or undefined when it is absent or not valid. */
export type ParamParser<T> = (value: unknown) => T | undefined;

/** An EVM address (0x and 40 hex digits). */
export const addressParam: ParamParser<string> = (value) =>
  typeof value === 'string' && ADDRESS_PATTERN.test(value) ? value : undefined;

/** A ticker in any case, as exchanges write it once upper-cased (aapl → AAPL, brk.b → BRK.B). */
export const tickerParam: ParamParser<string> = (value) => {
  if (typeof value !== 'string') return undefined;
  const ticker = value.trim().toUpperCase();
  return TICKER_PATTERN.test(ticker) ? ticker : undefined;
};

/** One of `values`, exactly. */
export const oneOfParam =
  <const T extends string>(values: readonly T[]): ParamParser<T> =>
  (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** A string of at most `maxLength` characters, matching `pattern` when one is given. */
export const stringParam =
  (maxLength: number, pattern?: RegExp): ParamParser<string> =>
  (value) =>
    typeof value === 'string' && value.length <= maxLength && (!pattern || pattern.test(value))
      ? value
      : undefined;

/** true or false, written as JSON (`?verified=true`). */
export const booleanParam: ParamParser<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

/** A number as the URL carries it (a JSON number); `integer` and the bounds (inclusive) when given. */
export const numberParam =
  ({ min, max, integer = false }: { min?: number; max?: number; integer?: boolean }): ParamParser<number> =>
  (value) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max)
      ? value
      : undefined;

/**
 * A number written as a number or as text (`?min=1e6` or `?min="1000"`), read as JavaScript's
 * Number() reads it; finite and within `check`.
 */
export const coercedNumberParam =
  (check: (n: number) => boolean): ParamParser<number> =>
  (value) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    return Number.isFinite(n) && check(n) ? n : undefined;
  };

/** A list of `values`, at most one of each length: an array, or one comma-separated string. */
export const listParam =
  <const T extends string>(values: readonly T[], { commas = false } = {}): ParamParser<T[]> =>
  (value) => {
    const items =
      commas && typeof value === 'string'
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : value;
    if (!Array.isArray(items) || items.length > values.length) return undefined;
    const one = oneOfParam(values);
    const list: T[] = [];
    for (const item of items) {
      const parsed = one(item);
      if (parsed === undefined) return undefined;
      list.push(parsed);
    }
    return list;
  };

export const isAddress = (value: string): boolean => ADDRESS_PATTERN.test(value);
export const isTicker = (value: string): boolean => TICKER_PATTERN.test(value.trim().toUpperCase());
export const isPoolRef = (network: string, address: string): boolean =>
  NETWORK_PATTERN.test(network) && MARKET_ADDRESS_PATTERN.test(address);
export const isNamespace = (value: string): boolean => NAMESPACE_PATTERN.test(value);
/** A package name and, when given, a version the registry could hold (its own check is stricter). */
export const isPackageRef = (namespace: string, name: string, version?: string): boolean =>
  NAMESPACE_PATTERN.test(namespace) &&
  PACKAGE_NAME_PATTERN.test(name) &&
  (version === undefined || (version.length <= 256 && SEMVER_PATTERN.test(version)));

/**
 * The route params of a package id (`@namespace/name`), or undefined when it is not one: the
 * contract's parsePackageId with the plain pattern, for the pages of the first bundle (the home).
 */
export function packageIdParams(id: string): { namespace: string; name: string } | undefined {
  const match = PACKAGE_ID_PATTERN.exec(id);
  return match?.[1] && match[2] ? { namespace: match[1], name: match[2] } : undefined;
}

/**
 * The search params `parsers` name, each parsed from `raw` on its own: a valid one is kept, an
 * absent or invalid one is undefined. Every key is in the answer, undefined included: the router
 * lays the answer over the URL's own params, so an invalid value left out would stay.
 */
export function parseSearch<P extends Record<string, ParamParser<unknown>>>(
  raw: Record<string, unknown>,
  parsers: P,
): { [K in keyof P]?: NonNullable<ReturnType<P[K]>> | undefined } {
  const out: Record<string, unknown> = {};
  for (const [key, parse] of Object.entries(parsers)) out[key] = parse(raw[key]);
  return out as { [K in keyof P]?: NonNullable<ReturnType<P[K]>> | undefined };
}
