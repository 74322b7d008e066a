// Query options of the public API's procedures (docs/public-api.md), shared by the doc-3 pages'
// loaders and components, so that a loader's prefetch is exactly what the component reads. Each
// query is fresh for its endpoint's TTL and refetched on that interval (docs/website.md,
// "Pages"): a panel never shows data older than its source's cache allows.
import { V1_TTLS, type V1Name, type V1Params } from '@pkg/shared/contract';
import type { trpc } from './trpc';

type Proxy = typeof trpc;

/** staleTime and refetchInterval of an endpoint: its TTL. */
export function refreshOf(name: V1Name) {
  const ttl = V1_TTLS[name];
  return { staleTime: ttl, refetchInterval: ttl } as const;
}

export const v1Queries = {
  chain: (t: Proxy) => t.v1.chain.queryOptions({}, refreshOf('chain')),
  token: (t: Proxy) => t.v1.token.queryOptions({}, refreshOf('token')),
  tokenLive: (t: Proxy) => t.v1.tokenLive.queryOptions({}, refreshOf('tokenLive')),
  tokenCandles: (t: Proxy, params: V1Params<'tokenCandles'>) =>
    t.v1.tokenCandles.queryOptions(params, refreshOf('tokenCandles')),
  stocks: (t: Proxy) => t.v1.stocks.queryOptions({}, refreshOf('stocks')),
  filings: (t: Proxy, symbol: string) => t.v1.filings.queryOptions({ symbol }, refreshOf('filings')),
  odds: (t: Proxy) => t.v1.odds.queryOptions({}, refreshOf('odds')),
  screener: (t: Proxy, params: V1Params<'screener'>) =>
    t.v1.screener.queryOptions(params, refreshOf('screener')),
  wallet: (t: Proxy, address: string) => t.v1.wallet.queryOptions({ address }, refreshOf('wallet')),
  contract: (t: Proxy, address: string) => t.v1.contract.queryOptions({ address }, refreshOf('contract')),
  pool: (t: Proxy, network: string, address: string) =>
    t.v1.pool.queryOptions({ network, address }, refreshOf('pool')),
};
