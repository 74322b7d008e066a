// The grammar of names and parameters as plain regular expressions and constants, without zod:
// the zod schemas (schemas/names.ts, the /v1 parameter schemas, the data layer's parameters) are
// built from them, and the website's first bundle checks a URL with them without loading the
// schema library (docs/website.md, "Pages").

export const NAMESPACE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?$/;
export const PACKAGE_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;
/** `@<namespace>/<name>`. */
export const PACKAGE_ID_PATTERN =
  /^@([a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?)\/([a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?)$/;
/** `sha256-<64 lowercase hex digits>`. */
export const INTEGRITY_PATTERN = /^sha256-([0-9a-f]{64})$/;
/** A version as SemVer 2.0.0 writes it (semver.org's pattern); the registry's own check is semver's. */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
/**
 * The dist-tag the version reads accept in place of a version (docs/registry-api.md, "Versions by
 * latest"): the package's `latest`, resolved by the server. Here so that the website's first bundle
 * names it without zod.
 */
export const LATEST_TAG = 'latest';

/**
 * How many results a search page holds (packages.search's `limit`, clamped into min..max). Here
 * rather than beside the search schema so that the website's first bundle reads it without zod.
 */
export const SEARCH_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** An EVM address: 0x and 40 hex digits. */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** A ticker as exchanges write it, upper case (AAPL, BRK.B, BRK-B). */
export const TICKER_PATTERN = /^[A-Z]{1,6}(?:[.-][A-Z]{1,2})?$/;
/** A market network id (robinhood, eth, base, solana …). */
export const NETWORK_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** A token or pool on a market network: an EVM address, a Uniswap v4 pool id, or base58. */
export const MARKET_ADDRESS_PATTERN = /^(0x[0-9a-fA-F]{40}|0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{32,44})$/;

/**
 * The flags the screener reads from a token's security report (docs/public-api.md, "GET
 * /v1/screener" names the report member behind each).
 */
export const SCREENER_FLAGS = [
  'honeypot',
  'cannot-buy',
  'cannot-sell-all',
  'high-tax',
  'modifiable-tax',
  'mintable',
  'owner-can-reclaim',
  'owner-can-change-balance',
  'hidden-owner',
  'self-destruct',
  'external-call',
  'proxy',
  'pausable',
  'blacklist',
  'trading-cooldown',
  'closed-source',
  'airdrop-scam',
  'counterfeit',
] as const;
/** GeckoTerminal's new pools are those of the last 48 hours (docs/data-layer.md, `market.new_pools`). */
export const SCREENER_MAX_AGE_HOURS = 48;
