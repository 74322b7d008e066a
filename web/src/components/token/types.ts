// The answers the /token page reads (docs/public-api.md: GET /v1/token, /v1/token/live,
// /v1/token/candles), as the shared endpoint table types them.
import type { V1Answer } from '@pkg/shared/contract';

export type TokenAnswer = V1Answer<'token'>;
export type TokenLiveAnswer = V1Answer<'tokenLive'>;
export type CandlesAnswer = V1Answer<'tokenCandles'>;
export type DataOf<S> = NonNullable<S extends { data?: infer D } ? D : never>;
export type PoolState = DataOf<TokenLiveAnswer['pool']>;
export type Swap = DataOf<TokenLiveAnswer['swaps']>['swaps'][number];
