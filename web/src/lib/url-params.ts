// The grammar of the website's URLs (search params and path params), checked before any request.
// These checks run in the first bundle (route loaders and validateSearch are not code-split), so
// they use zod's small build (zod/mini) and the plain patterns of @pkg/shared/contract rather than
// the full schema library: the pages' components, which load per route, use the full schemas
// (docs/website.md, "Pages").
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
import * as z from 'zod/mini';

/** An EVM address (0x and 40 hex digits). */
export const addressParam = z.string().check(z.regex(ADDRESS_PATTERN));
/** A ticker in any case, as exchanges write it once upper-cased (aapl → AAPL, brk.b → BRK.B). */
export const tickerParam = z.pipe(
  z.string().check(z.trim(), z.toUpperCase()),
  z.string().check(z.regex(TICKER_PATTERN)),
);

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

/** An optional search param: an invalid value is dropped, so that a bad link still renders. */
export const optionalParam = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);
