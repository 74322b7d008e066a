// The project token's price (docs/public-api.md, GET /v1/token: the `price` and `priceUsd`
// panels), read for the token summary and for the bots' price alerts alike:
//   price     the configured pool read on chain (readPoolState: v2 getReserves, v3 slot0, v4
//             StateView): one project token in the pool's quote token
//   priceUsd  price × the quote token's USD price from market.tokenPrice (`native` for ETH, else
//             the quote token's contract), only where a price source lists the quote token
// Each panel keeps the provenance of the source it came from; a USD price that no source gives is
// a section saying why, never a made-up value. `fresh` bypasses the data layer's cache (the alert
// checks must see the block they ask for). No HTTP here.
import { dependentSection, served, whyNot } from './source-section.js';
import { toSection, type Section, type V1Token } from '@pkg/shared';
import {
  formatDecimal,
  multiplyDecimals,
  parseDecimal,
  readPoolState,
  type ProjectTokenPoolState,
  type Result,
  type TokenPrice,
} from '@pkg/shared/data';
import { present, providerError, unavailable } from './token-reads.js';
import type { WebsiteDeps } from './website-deps.js';

type PriceData = NonNullable<V1Token['price']['data']>;
type PriceUsdData = NonNullable<V1Token['priceUsd']['data']>;

export interface TokenPrices {
  /** The pool read as the data layer answered it. */
  pool: Result;
  price: Section<PriceData>;
  priceUsd: Section<PriceUsdData>;
}

export interface ReadTokenPricesOptions {
  /** Read upstream, not from the data layer's cache. */
  fresh?: boolean;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export async function readTokenPrices(
  deps: WebsiteDeps,
  options: ReadTokenPricesOptions = {},
): Promise<TokenPrices> {
  const fresh = options.fresh === true;
  const run: WebsiteDeps['data']['run'] = fresh
    ? (name, params, ...rest) => deps.data.run(name, { ...params, fresh: true }, ...rest)
    : deps.data.run;
  const pool = await readPoolState(run, deps.projectToken, { now: () => deps.clock().getTime() });
  const price = toSection(pool, (v): PriceData => {
    const s = v as ProjectTokenPoolState;
    const { version, pool: id, projectToken, quoteToken, priceInQuote } = s;
    return present({ version, pool: id, projectToken, quoteToken, priceInQuote });
  });
  if (!served(pool)) return { pool, price, priceUsd: dependentSection('price', price) };
  const { quoteToken, priceInQuote } = pool.data as ProjectTokenPoolState;
  if (priceInQuote === undefined)
    return { pool, price, priceUsd: unavailable('the pool holds nothing: no price') };
  const isNative = quoteToken.address.toLowerCase() === ZERO_ADDRESS;
  const quote = await deps.data.market.tokenPrice({
    address: isNative ? 'native' : quoteToken.address,
    ...(fresh ? { fresh } : {}),
  });
  if (!served(quote)) return { pool, price, priceUsd: { ...toSection<never>(quote), reason: whyNot(quote) } };
  const sent = (quote.data as TokenPrice).priceUsd;
  const usd = typeof sent === 'string' ? parseDecimal(sent) : undefined;
  const inQuote = parseDecimal(priceInQuote);
  if (!usd || !inQuote)
    return {
      pool,
      price,
      priceUsd: providerError(`${quote.provenance.source} sent the price ${String(sent)}, not a decimal`),
    };
  return {
    pool,
    price,
    priceUsd: {
      status: quote.status,
      data: { priceUsd: multiplyDecimals(inQuote, usd), quoteUsd: formatDecimal(usd), quoteToken },
      provenance: quote.provenance,
    },
  };
}
