// GET /v1/stocks (docs/public-api.md) and the chain overview's stock-token panel: every stock
// token the issuer lists, with the premium (docs/website.md, "Premium"). One build asks,
// in rounds, with a bounded number of requests in flight:
//   1. the issuer's list (stocks.list, one request);
//   2. the issuer's quote of each token (stocks.quote, one request a symbol: the issuer documents
//      no multi-symbol form), and the DEX pools of the issuer's contracts (market.pairs_of_tokens,
//      one request per 30 contracts);
//   3. the last close (equities.quote) only of tokens the premium needs it for (a priced pool and
//      no tight issuer quote), and a search of the ticker for look-alike pools (market.search) for
//      at most `lookalikeSearches` tickers, those with the most DEX liquidity first.
// Each input is its own section; a failing source leaves the others as they are, and a premium
// without a row says why. Nothing is guessed: without a reference price there is no row.
import type { IssuerQuote, LastClose, Result, Section, StockPool, StockToken, V1Stocks } from '@pkg/shared';
import { CHAINS, DEFAULT_CHAIN, type PoolList } from '@pkg/shared/data';
import { mapBounded } from './fan-out.js';
import { lastCloseOf } from './last-close.js';
import { computePremium, premiumReference } from './premium.js';
import { served, sourceSection } from './source-section.js';
import {
  issuerQuote,
  listedAssets,
  lookalikePools,
  lookalikesOf,
  ownPools,
  premiumPools,
  stockPool,
  type ListedAsset,
} from './stock-pools.js';
import type { WebsiteDeps } from './website-deps.js';

export const STOCKS_LIMITS = {
  /** Issuer quotes in flight (the issuer allows 60 requests a second). */
  quoteConcurrency: 8,
  /** Contracts per pair-provider request: the vendor's documented maximum. */
  tokensPerRequest: 30,
  /** Pair-provider and quote-provider requests in flight. */
  concurrency: 4,
  /** Tickers searched for look-alikes per answer. */
  lookalikeSearches: 30,
} as const;

/** What the quote provider accepts: a US ticker such as AAPL or BRK.B (docs/data-layer.md). */
const US_TICKER = /^[A-Z]{1,6}(?:\.[A-Z]{1,2})?$/;

type Pools = Section<{ pools: StockPool[] }>;

interface Inputs {
  asset: ListedAsset;
  quote: Section<IssuerQuote>;
  pools: Pools;
  /** The pool provider that listed the pools (for the premium rows). */
  poolSource: string;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const liquidityOf = (pools: Pools) =>
  (pools.data?.pools ?? []).reduce((sum, p) => sum + (p.liquidityUsd ?? 0), 0);

/** True when the premium needs the last close: a priced pool, and no tight issuer quote. */
function needsClose({ asset, quote, pools }: Inputs): boolean {
  if (!asset.multiplier || !(pools.data?.pools ?? []).some((p) => p.priceUsd !== undefined)) return false;
  const reference = premiumReference({ quote: quote.data, multiplier: asset.multiplier });
  return reference?.basis !== 'issuer quote';
}

async function lastClose(deps: WebsiteDeps, symbol: string): Promise<Section<LastClose>> {
  if (!US_TICKER.test(symbol))
    return {
      status: 'UNAVAILABLE',
      code: 'NOT_A_US_TICKER',
      reason: `${symbol} is not a US ticker the quote provider takes (such as AAPL or BRK.B)`,
    };
  const result = await deps.data.equities.quote({ symbol });
  if (!served(result)) return sourceSection(result, (v) => v as LastClose);
  const close = lastCloseOf(
    result.data as { price?: string; previousClose?: string; time?: string },
    deps.clock(),
  );
  if ('missing' in close)
    return { status: 'UNAVAILABLE', code: 'NO_LAST_CLOSE', reason: `no last close: ${close.missing}` };
  return { status: result.status, data: close, provenance: result.provenance };
}

function noRowReason(inputs: Inputs, close: Section<LastClose> | undefined, lookalikes: number): string {
  const { asset, quote, pools } = inputs;
  if (pools.status !== 'LIVE' && pools.status !== 'CACHED')
    return `no DEX price: ${pools.reason ?? pools.status}`;
  const own = pools.data?.pools ?? [];
  if (own.length === 0)
    return `the pair provider lists no pool of the issuer's contract${lookalikes > 0 ? ` (${lookalikes} look-alike pools left out)` : ''}`;
  if (!own.some((p) => p.priceUsd !== undefined))
    return "no pool gives the token's USD price (the token is the quote side, or no price was sent)";
  if (!asset.multiplier) return 'the issuer sent no multiplier for the token';
  const spread = quote.data?.spread;
  const quotePart =
    quote.data === undefined
      ? `issuer quote: ${quote.reason ?? quote.status}`
      : spread === undefined
        ? "the issuer's quote is not a bid below an ask"
        : `the issuer's quote is wide (${(spread * 100).toFixed(2)} % of its middle)`;
  const closePart = close?.data
    ? 'the last close is not a price'
    : `last close: ${close?.reason ?? 'not read'}`;
  return `no reference price: ${quotePart}; ${closePart}`;
}

function stockOf(
  inputs: Inputs,
  close: Section<LastClose> | undefined,
  search: Result | undefined,
  network: string,
): StockToken {
  const { asset, quote, pools, poolSource } = inputs;
  const found =
    search && served(search)
      ? lookalikePools((search.data as PoolList).pools, asset.symbol, asset.contract, network)
      : [];
  const lookalikes: StockToken['lookalikes'] = !search
    ? {
        status: 'UNAVAILABLE',
        code: 'NOT_SEARCHED',
        reason: `not searched: one answer searches at most ${STOCKS_LIMITS.lookalikeSearches} tickers for look-alikes, those with the most DEX liquidity first`,
      }
    : sourceSection(search, () => lookalikesOf(found));
  const lookalikeSource = search && served(search) ? search.provenance.source : '';
  const closePrice = close?.data ? Number(close.data.price) : undefined;
  const premium = computePremium({
    symbol: asset.symbol,
    contract: asset.contract,
    multiplier: asset.multiplier ?? '',
    quote: quote.data,
    lastClose: closePrice !== undefined && Number.isFinite(closePrice) ? closePrice : undefined,
    pools: premiumPools(pools.data?.pools ?? [], asset.contract, poolSource, found, lookalikeSource),
  });
  const { symbol: _s, contract: _c, ...computed } = premium;
  return {
    symbol: asset.symbol,
    ...(asset.name !== undefined ? { name: asset.name } : {}),
    contract: asset.contract,
    ...(asset.multiplier !== undefined ? { multiplier: asset.multiplier } : {}),
    ...(asset.pending !== undefined ? { pendingMultiplier: asset.pending } : {}),
    quote,
    ...(close !== undefined ? { lastClose: close } : {}),
    pools,
    lookalikes,
    premium:
      computed.rows.length > 0 ? computed : { ...computed, reason: noRowReason(inputs, close, found.length) },
  };
}

export async function stocksAnswer(deps: WebsiteDeps): Promise<V1Stocks> {
  const { data } = deps;
  const { key: network, chainId } = CHAINS[DEFAULT_CHAIN];
  const head = { network, chainId, lookalikeSearchLimit: STOCKS_LIMITS.lookalikeSearches };
  const list = await data.stocks.list();
  if (!served(list))
    return { ...head, issuer: sourceSection(list, () => ({ listed: 0, leftOut: 0 })), stocks: [] };
  const { listed, leftOut } = listedAssets(list.data, chainId);

  // Round 2: the issuer's quotes, and the pools of the issuer's contracts in batches.
  const batches = chunks(listed, STOCKS_LIMITS.tokensPerRequest);
  const [quotes, batchResults] = await Promise.all([
    mapBounded(listed, STOCKS_LIMITS.quoteConcurrency, (a) => data.stocks.quote({ symbol: a.symbol })),
    mapBounded(batches, STOCKS_LIMITS.concurrency, (batch) =>
      data.market.pairsOfTokens({ network, addresses: batch.map((a) => a.contract) }),
    ),
  ]);
  const inputs: Inputs[] = listed.map((asset, i) => {
    const batch = batchResults[Math.floor(i / STOCKS_LIMITS.tokensPerRequest)];
    const quote = sourceSection(quotes[i] as Result, issuerQuote);
    if (!batch || !served(batch))
      return { asset, quote, pools: sourceSection(batch as Result, () => ({ pools: [] })), poolSource: '' };
    const own = ownPools((batch.data as PoolList).pools, asset.contract, network);
    const pools: Pools = {
      status: batch.status,
      data: { pools: own.map((p) => stockPool(p, asset.contract)) },
      provenance: batch.provenance,
    };
    return { asset, quote, pools, poolSource: batch.provenance.source };
  });

  // Round 3: last closes where the premium needs them; look-alike searches, most liquid first.
  const closing = inputs.filter(needsClose);
  const searching = [...inputs]
    .sort((a, b) => liquidityOf(b.pools) - liquidityOf(a.pools))
    .slice(0, STOCKS_LIMITS.lookalikeSearches);
  const [closes, searches] = await Promise.all([
    mapBounded(closing, STOCKS_LIMITS.concurrency, (i) => lastClose(deps, i.asset.symbol)),
    mapBounded(searching, STOCKS_LIMITS.concurrency, (i) =>
      data.market.search({ query: i.asset.symbol, network }),
    ),
  ]);
  const closeOf = new Map(closing.map((input, i) => [input, closes[i]]));
  const searchOf = new Map(searching.map((input, i) => [input, searches[i]]));
  return {
    ...head,
    issuer: { status: list.status, data: { listed: listed.length, leftOut }, provenance: list.provenance },
    stocks: inputs.map((input) => stockOf(input, closeOf.get(input), searchOf.get(input), network)),
  };
}
