// The stock-token premium (docs/website.md, "Premium"): premium = DEX price / reference
// price - 1, with three rules.
//   1. While the issuer quotes the stock tightly (bid and ask within 2 % of their middle), the
//      reference is the middle of the quote times the token's multiplier (the issuer's quote is
//      the raw underlying price; the multiplier is applied once).
//   2. Otherwise (the US market closed, the quote widened) the reference is the stock's last
//      close from the quote provider times the multiplier, and the row says `last close`.
//   3. Only pools whose token is the contract the issuer lists for the symbol count; look-alike
//      tokens reusing the ticker are left out, and counted.
// Pure: no I/O, no HTTP; the caller brings the issuer's asset and quote, the last close and the pools.

/** The widest spread, relative to the middle, that still counts as a tight quote. */
export const TIGHT_SPREAD = 0.02;

export interface PremiumPool {
  /** The pool's address (or v4 pool id), as the market provider names it. */
  pool: string;
  /** The stock token's address in this pool. */
  token: string;
  /** The token's USD price in this pool, a decimal string as the provider sent it. */
  priceUsd?: string | undefined;
  dex?: string | undefined;
  liquidityUsd?: number | undefined;
  source: string;
}

export interface PremiumInput {
  symbol: string;
  /** The contract the issuer lists for the symbol on the chain. */
  contract: string;
  /** The issuer's `currentMultiplier` (shares of the underlying per token), a decimal string. */
  multiplier: string;
  /** The issuer's raw underlying quote, when it answered. */
  quote?: { bid: string; ask: string } | undefined;
  /** The stock's last regular-session close from the quote provider (USD), when it answered. */
  lastClose?: number | undefined;
  pools: readonly PremiumPool[];
}

export type ReferenceBasis = 'issuer quote' | 'last close';

export interface PremiumReference {
  /** USD per token. */
  price: number;
  basis: ReferenceBasis;
  /** The issuer quote's spread relative to its middle, when there was a quote. */
  spread?: number;
}

export interface PremiumRow {
  pool: string;
  dex?: string;
  source: string;
  liquidityUsd?: number;
  dexPrice: string;
  referencePrice: number;
  /** DEX price / reference - 1 (0.01 is a 1 % premium, -0.01 a 1 % discount). */
  premium: number;
  /** Rule 2: the reference is the last close, not a live quote. */
  lastClose: boolean;
}

export interface PremiumResult {
  symbol: string;
  contract: string;
  /** Absent when neither a tight quote nor a last close is at hand: then there are no rows. */
  reference?: PremiumReference;
  rows: PremiumRow[];
  /** Pools of look-alike tokens reusing the ticker, left out (rule 3). */
  lookalikesExcluded: number;
  /** Issuer-token pools without a DEX price, left out. */
  unpriced: number;
}

const finite = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

/** The reference price per token, by rule 1 or rule 2; undefined when neither applies. */
export function premiumReference(
  input: Pick<PremiumInput, 'quote' | 'lastClose' | 'multiplier'>,
): PremiumReference | undefined {
  const multiplier = finite(input.multiplier);
  if (multiplier === undefined || multiplier <= 0) return undefined;
  const bid = finite(input.quote?.bid);
  const ask = finite(input.quote?.ask);
  let spread: number | undefined;
  if (bid !== undefined && ask !== undefined && bid > 0 && ask >= bid) {
    const middle = (bid + ask) / 2;
    spread = (ask - bid) / middle;
    if (spread <= TIGHT_SPREAD) return { price: middle * multiplier, basis: 'issuer quote', spread };
  }
  if (input.lastClose !== undefined && input.lastClose > 0)
    return {
      price: input.lastClose * multiplier,
      basis: 'last close',
      ...(spread !== undefined ? { spread } : {}),
    };
  return undefined;
}

export function computePremium(input: PremiumInput): PremiumResult {
  const contract = input.contract.toLowerCase();
  const own = input.pools.filter((p) => p.token.toLowerCase() === contract);
  const reference = premiumReference(input);
  const priced = own.filter((p) => finite(p.priceUsd) !== undefined);
  const rows: PremiumRow[] = reference
    ? priced.map((p) => ({
        pool: p.pool,
        ...(p.dex !== undefined ? { dex: p.dex } : {}),
        source: p.source,
        ...(p.liquidityUsd !== undefined ? { liquidityUsd: p.liquidityUsd } : {}),
        dexPrice: p.priceUsd as string,
        referencePrice: reference.price,
        premium: (finite(p.priceUsd) as number) / reference.price - 1,
        lastClose: reference.basis === 'last close',
      }))
    : [];
  return {
    symbol: input.symbol,
    contract: input.contract,
    ...(reference ? { reference } : {}),
    rows: rows.sort((a, b) => (b.liquidityUsd ?? 0) - (a.liquidityUsd ?? 0)),
    lookalikesExcluded: input.pools.length - own.length,
    unpriced: own.length - priced.length,
  };
}
