// What DexScreener's handlers read of a request and how they answer: the network (the chain's
// DexScreener slug is `robinhood`; any other id passes through unchanged), an address, a path
// segment, and a payload with absent members dropped.
import { compact } from '../../compact.js';
import type { MarketToken, PoolList } from '../../market/market-types.js';
import type { ProviderAnswer } from '../provider-types.js';

export const SEARCH = '/latest/dex/search';
export const segment = (value: string) => encodeURIComponent(value);
export const networkOf = (params: Record<string, unknown>) =>
  typeof params.network === 'string' ? params.network : 'robinhood';
export const addressOf = (params: Record<string, unknown>) => String(params.address);
export const answer = (data: PoolList | MarketToken): ProviderAnswer => ({ data: compact(data) });
