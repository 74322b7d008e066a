// DexScreener pairs into the market payloads of market/market-types.ts. A member the API did not
// send (missing, null or "") stays absent; prices stay the decimal strings it sent; USD amounts,
// percents and counts are numbers; `pairCreatedAt` (ms) becomes an ISO time.
import { compact } from '../../compact.js';
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { MarketPool, MarketTokenRef, TxnCounts } from '../../market/market-types.js';
import { num, perWindow, str } from '../../market/market-values.js';
import { pairSchema, type DexPair, type PairList } from './payloads.js';

const PROVIDER = 'dexscreener';

function txnCounts(value: unknown): TxnCounts | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { buys, sells } = value as { buys?: unknown; sells?: unknown };
  const b = num(buys);
  const s = num(sells);
  return b !== undefined && s !== undefined ? { buys: b, sells: s } : undefined;
}

function isoOfMs(value: unknown): string | undefined {
  const ms = num(value);
  if (ms === undefined) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function tokenRef(token: DexPair['baseToken']): MarketTokenRef {
  return compact({
    address: token.address,
    name: str(token.name),
    symbol: str(token.symbol),
  }) as MarketTokenRef;
}

/** One DexScreener pair as a MarketPool: `network` is the pair's own chainId (its slug). */
export function toPool(pair: DexPair): MarketPool {
  const pool: MarketPool = {
    network: pair.chainId,
    address: pair.pairAddress,
    dex: str(pair.dexId),
    labels: pair.labels ?? undefined,
    baseToken: tokenRef(pair.baseToken),
    quoteToken: tokenRef(pair.quoteToken),
    priceUsd: str(pair.priceUsd),
    priceNative: str(pair.priceNative),
    liquidityUsd: num(pair.liquidity?.usd),
    fdvUsd: num(pair.fdv),
    marketCapUsd: num(pair.marketCap),
    volumeUsd: perWindow(pair.volume, num),
    priceChangePct: perWindow(pair.priceChange, num),
    txns: perWindow(pair.txns, txnCounts),
    createdAt: isoOfMs(pair.pairCreatedAt),
    url: str(pair.url),
  };
  return compact(pool) as MarketPool;
}

export interface Pairs {
  pairs: DexPair[];
  /** What the API answered when it listed nothing (`[]`, `pairs: null` ...), for the no-data message. */
  answered: string;
}

/**
 * The pairs of a list answer, each validated on its own (a pair without its addresses is left
 * out); a list whose every entry is unusable is a failure, not "no data".
 */
export function pairsOf(list: PairList, path: string): Pairs {
  let raw: unknown[];
  let answered: string;
  if (Array.isArray(list)) {
    raw = list;
    answered = '[]';
  } else if (Array.isArray(list.pairs)) {
    raw = list.pairs;
    answered = 'pairs: []';
  } else {
    raw = [];
    answered = list.pairs === null ? 'pairs: null' : 'no pairs member';
  }
  const pairs: DexPair[] = [];
  for (const entry of raw) {
    const parsed = pairSchema.safeParse(entry);
    if (parsed.success) pairs.push(parsed.data);
  }
  if (raw.length > 0 && pairs.length === 0)
    throw new ProviderError('failure', `${path}: unexpected pair payload`, { provider: PROVIDER });
  return { pairs, answered };
}

export function noData(what: string, answered: string): NoDataError {
  return new NoDataError(`${what} (DexScreener answered ${answered})`, { provider: PROVIDER });
}
