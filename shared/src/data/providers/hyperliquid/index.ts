// Hyperliquid, keyless: `perps.markets` from `{"type":"metaAndAssetCtxs"}` (the universe zipped
// with its index-aligned contexts) and `perps.spot` from `{"type":"spotMetaAndAssetCtxs"}` (each
// context names its pair; pairs name their base and quote by token index). Both are ordered by 24 h
// notional volume, highest first. Derived numbers (open interest × mark, the 24 h change against
// `prevDayPx`, circulating supply × mark) are computed only from values Hyperliquid sent.
import { compact } from '../../compact.js';
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import { decimal, num, str } from '../../market/market-values.js';
import type { PerpMarket, PerpMarkets, SpotPair, SpotPairs } from '../../sources/hyperliquid-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { createInfoPost } from './http.js';
import {
  allMidsSchema,
  metaAndAssetCtxsSchema,
  spotMetaAndAssetCtxsSchema,
  type PerpAssetCtx,
  type PerpUniverse,
  type SpotToken,
} from './payloads.js';

/** A number without binary noise (0.1 × 3 → 0.3), for values computed from decimal strings. */
const clean = (n: number) => Number(n.toPrecision(12));

function product(a: string | undefined, b: string | undefined): number | undefined {
  const x = num(a);
  const y = num(b);
  return x === undefined || y === undefined ? undefined : clean(x * y);
}

/** `now` against `before`, in percent; absent when either is missing or `before` is 0. */
function changePct(now: string | undefined, before: string | undefined): number | undefined {
  const x = num(now);
  const y = num(before);
  return x === undefined || y === undefined || y === 0 ? undefined : clean((x / y - 1) * 100);
}

/** Highest volume first; entries without a volume keep their order after the others. */
function byVolume<T extends { volume24hNotional?: number }>(items: T[]): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => {
      const va = a.item.volume24hNotional;
      const vb = b.item.volume24hNotional;
      if (va === undefined || vb === undefined)
        return va === undefined && vb === undefined ? a.i - b.i : va === undefined ? 1 : -1;
      return vb - va || a.i - b.i;
    })
    .map(({ item }) => item);
}

const trueOnly = (flag: boolean | null | undefined) => (flag === true ? true : undefined);
const limited = <T>(items: T[], limit: unknown) =>
  typeof limit === 'number' ? items.slice(0, limit) : items;

function perpMarket(meta: PerpUniverse, ctx: PerpAssetCtx): PerpMarket {
  const markPx = decimal(ctx.markPx);
  const prevDayPx = decimal(ctx.prevDayPx);
  const openInterest = decimal(ctx.openInterest);
  const [impactBid, impactAsk] = ctx.impactPxs ?? [];
  return compact({
    name: meta.name,
    szDecimals: meta.szDecimals,
    maxLeverage: meta.maxLeverage,
    marginMode: str(meta.marginMode),
    onlyIsolated: trueOnly(meta.onlyIsolated),
    delisted: trueOnly(meta.isDelisted),
    markPx,
    midPx: decimal(ctx.midPx),
    oraclePx: decimal(ctx.oraclePx),
    prevDayPx,
    funding: decimal(ctx.funding),
    premium: decimal(ctx.premium),
    openInterest,
    openInterestNotional: product(openInterest, markPx),
    volume24hNotional: num(ctx.dayNtlVlm),
    volume24hBase: decimal(ctx.dayBaseVlm),
    change24hPct: changePct(markPx, prevDayPx),
    impactBidPx: decimal(impactBid),
    impactAskPx: decimal(impactAsk),
  }) as PerpMarket;
}

export const createHyperliquidProvider: ProviderFactory = (endpoint, context) => {
  const post = createInfoPost(endpoint, context);
  const provider = { provider: 'hyperliquid' };

  return {
    handlers: {
      'perps.markets': async (params) => {
        const dex = typeof params.dex === 'string' ? params.dex : undefined;
        const answer = await post(
          { type: 'metaAndAssetCtxs', ...(dex ? { dex } : {}) },
          metaAndAssetCtxsSchema,
        );
        const on = dex ? `perp dex "${dex}"` : 'the main perp dex';
        if (answer === null) throw new NoDataError(`Hyperliquid lists no ${on}`, provider);
        const [meta, ctxs] = answer;
        if (meta.universe.length !== ctxs.length)
          throw new ProviderError(
            'failure',
            `info metaAndAssetCtxs: ${meta.universe.length} markets but ${ctxs.length} contexts`,
            provider,
          );
        const markets = meta.universe
          .map((m, i) => ({ meta: m, ctx: ctxs[i] ?? {} }))
          .filter(({ meta: m }) => params.includeDelisted === true || m.isDelisted !== true)
          .map(({ meta: m, ctx }) => perpMarket(m, ctx));
        if (markets.length === 0) throw new NoDataError(`Hyperliquid lists no markets on ${on}`, provider);
        const data: PerpMarkets = compact({
          dex,
          collateralToken: meta.collateralToken,
          markets: limited(byVolume(markets), params.limit),
        }) as PerpMarkets;
        return { data };
      },
      'perps.spot': async (params) => {
        const [meta, ctxs] = await post({ type: 'spotMetaAndAssetCtxs' }, spotMetaAndAssetCtxsSchema);
        const tokens = new Map<number, SpotToken>(meta.tokens.map((t) => [t.index, t]));
        const universe = new Map(meta.universe.map((u) => [u.name, u]));
        const pairs = ctxs.map((ctx): SpotPair => {
          const u = universe.get(ctx.coin);
          const base = u?.tokens[0] !== undefined ? tokens.get(u.tokens[0]) : undefined;
          const quote = u?.tokens[1] !== undefined ? tokens.get(u.tokens[1]) : undefined;
          const markPx = decimal(ctx.markPx);
          const prevDayPx = decimal(ctx.prevDayPx);
          const circulatingSupply = decimal(ctx.circulatingSupply);
          return compact({
            name: ctx.coin,
            index: u?.index,
            canonical: u?.isCanonical ?? undefined,
            base: str(base?.name),
            quote: str(quote?.name),
            baseFullName: str(base?.fullName),
            baseTokenId: str(base?.tokenId),
            baseEvmContract: str(base?.evmContract?.address),
            markPx,
            midPx: decimal(ctx.midPx),
            prevDayPx,
            volume24hNotional: num(ctx.dayNtlVlm),
            volume24hBase: decimal(ctx.dayBaseVlm),
            circulatingSupply,
            totalSupply: decimal(ctx.totalSupply),
            marketCapNotional: product(circulatingSupply, markPx),
            change24hPct: changePct(markPx, prevDayPx),
          }) as SpotPair;
        });
        if (pairs.length === 0) throw new NoDataError('Hyperliquid lists no spot pairs', provider);
        const data: SpotPairs = { pairs: limited(byVolume(pairs), params.limit) };
        return { data };
      },
    },
    // `allMids` weighs 2 (the cheapest info request): how many coins have a mid price now.
    health: async () => {
      const mids = await post({ type: 'allMids' }, allMidsSchema);
      return { coinsWithMids: Object.keys(mids).length };
    },
  };
};
