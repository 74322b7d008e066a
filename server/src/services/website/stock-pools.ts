// The stock-token inputs of the premium read from what the data layer answered (docs/website.md,
// "Premium"): the tokens the issuer lists on the chain, the issuer's quote, the DEX pools of the
// issuer's contract (from one multi-token answer), and the pools of look-alike tokens reusing the
// ticker (from a search). Pure: no I/O.
import type { IssuerQuote, Lookalikes, StockPool } from '@pkg/shared';
import type { MarketPool, MarketTokenRef } from '@pkg/shared/data';
import { definedFields } from './defined-fields.js';
import type { PremiumPool } from './premium.js';

/** The only status the issuer has been seen to give a listed token; any other is not listed. */
export const ACTIVE = 'ASSET_STATUS_ACTIVE';

export interface ListedAsset {
  symbol: string;
  name?: string;
  /** The contract the issuer lists for the symbol on the chain, as the issuer wrote it. */
  contract: string;
  multiplier?: string;
  pending?: { multiplier: string; effectiveAt?: string };
}

interface IssuerAsset {
  tokenSymbol?: unknown;
  tokenName?: unknown;
  status?: unknown;
  currentMultiplier?: unknown;
  pendingMultiplier?: unknown;
  pendingMultiplierEffectiveTime?: unknown;
  deployments?: { chainId?: unknown; contractAddress?: unknown }[];
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The active tokens of the issuer's list deployed on the chain, and how many others it lists. */
export function listedAssets(list: unknown, chainId: number): { listed: ListedAsset[]; leftOut: number } {
  const assets = (list as { assets?: IssuerAsset[] }).assets ?? [];
  const listed: ListedAsset[] = [];
  for (const asset of assets) {
    const symbol = text(asset.tokenSymbol);
    const deployment = (asset.deployments ?? []).find((d) => d.chainId === chainId);
    const contract = text(deployment?.contractAddress);
    if (!symbol || !contract || asset.status !== ACTIVE) continue;
    const name = text(asset.tokenName);
    const multiplier = text(asset.currentMultiplier);
    const pending = text(asset.pendingMultiplier);
    const effectiveAt = text(asset.pendingMultiplierEffectiveTime);
    listed.push({
      symbol,
      contract,
      ...definedFields({
        name,
        multiplier,
        pending: pending ? { multiplier: pending, ...definedFields({ effectiveAt }) } : undefined,
      }),
    });
  }
  return { listed, leftOut: assets.length - listed.length };
}

/** The spread of a quote relative to its middle, when both sides are prices. */
export function spreadOf(bid: string, ask: string): number | undefined {
  const b = Number(bid);
  const a = Number(ask);
  if (!Number.isFinite(b) || !Number.isFinite(a) || b <= 0 || a < b) return undefined;
  return (a - b) / ((a + b) / 2);
}

/** The issuer's `GET /rhj/prices/{SYMBOL}` answer (its one quote) as the section's data. */
export function issuerQuote(value: unknown): IssuerQuote {
  const [quote] = (value as { quotes: Record<string, unknown>[] }).quotes;
  const bid = String(quote?.bid);
  const ask = String(quote?.ask);
  const spread = spreadOf(bid, ask);
  const generatedAt = text(quote?.generatedAt);
  const halt = quote?.isTradingHalt;
  return {
    bid,
    ask,
    ...(spread !== undefined ? { spread } : {}),
    ...(generatedAt ? { generatedAt } : {}),
    ...(typeof halt === 'boolean' ? { isTradingHalt: halt } : {}),
  };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const ref = (t: MarketTokenRef) => ({
  address: t.address,
  ...(t.name !== undefined ? { name: t.name } : {}),
  ...(t.symbol !== undefined ? { symbol: t.symbol } : {}),
});

/** The pools of one contract among a multi-token answer's pools on the network. */
export function ownPools(pools: readonly MarketPool[], contract: string, network: string): MarketPool[] {
  return pools.filter(
    (p) =>
      p.network === network && (same(p.baseToken.address, contract) || same(p.quoteToken.address, contract)),
  );
}

/** A pool of the contract as the answer lists it; its USD price only where the contract is the base. */
export function stockPool(pool: MarketPool, contract: string): StockPool {
  const base = same(pool.baseToken.address, contract);
  return {
    address: pool.address,
    ...(pool.dex !== undefined ? { dex: pool.dex } : {}),
    ...(pool.labels !== undefined ? { labels: pool.labels } : {}),
    baseToken: ref(pool.baseToken),
    quoteToken: ref(pool.quoteToken),
    // A pair's priceUsd is its base token's: never the quote token's price.
    ...(base && pool.priceUsd !== undefined ? { priceUsd: pool.priceUsd } : {}),
    ...(pool.liquidityUsd !== undefined ? { liquidityUsd: pool.liquidityUsd } : {}),
    ...(pool.volumeUsd?.h24 !== undefined ? { volume24hUsd: pool.volumeUsd.h24 } : {}),
    ...(pool.url !== undefined ? { url: pool.url } : {}),
  };
}

/** Pools on the network of tokens other than the contract whose symbol is the ticker. */
export function lookalikePools(
  pools: readonly MarketPool[],
  symbol: string,
  contract: string,
  network: string,
): { pool: MarketPool; token: MarketTokenRef }[] {
  const found: { pool: MarketPool; token: MarketTokenRef }[] = [];
  for (const pool of pools) {
    if (pool.network !== network) continue;
    if (same(pool.baseToken.address, contract) || same(pool.quoteToken.address, contract)) continue;
    const token = [pool.baseToken, pool.quoteToken].find((t) => t.symbol?.toUpperCase() === symbol);
    if (token) found.push({ pool, token });
  }
  return found;
}

export function lookalikesOf(found: readonly { token: MarketTokenRef }[]): Lookalikes {
  const tokens = new Map<string, MarketTokenRef>();
  for (const { token } of found) tokens.set(token.address.toLowerCase(), token);
  return { pools: found.length, tokens: [...tokens.values()].map(ref) };
}

/** The premium's pools: the contract's own (priced where it is the base) and the look-alikes. */
export function premiumPools(
  own: readonly StockPool[],
  contract: string,
  ownSource: string,
  lookalikes: readonly { pool: MarketPool; token: MarketTokenRef }[],
  lookalikeSource: string,
): PremiumPool[] {
  return [
    ...own.map((p) => ({
      pool: p.address,
      token: contract,
      priceUsd: p.priceUsd,
      dex: p.dex,
      liquidityUsd: p.liquidityUsd,
      source: ownSource,
    })),
    ...lookalikes.map(({ pool, token }) => ({
      pool: pool.address,
      token: token.address,
      priceUsd: same(pool.baseToken.address, token.address) ? pool.priceUsd : undefined,
      dex: pool.dex,
      liquidityUsd: pool.liquidityUsd,
      source: lookalikeSource,
    })),
  ];
}
