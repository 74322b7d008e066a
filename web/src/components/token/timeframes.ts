// The candle sizes the /token page offers, as the candles endpoint's timeframe and aggregate
// (docs/public-api.md, GET /v1/token/candles), keyed by the value kept in the URL (`?tf=`).
import type { V1Params } from '@pkg/shared/contract';

export const TIMEFRAMES = {
  '15m': { label: '15 min', timeframe: 'minute', aggregate: 15 },
  '1h': { label: '1 h', timeframe: 'hour', aggregate: 1 },
  '4h': { label: '4 h', timeframe: 'hour', aggregate: 4 },
  '1d': { label: '1 day', timeframe: 'day', aggregate: 1 },
} as const;
export type TimeframeKey = keyof typeof TIMEFRAMES;
export const TIMEFRAME_KEYS = Object.keys(TIMEFRAMES) as [TimeframeKey, ...TimeframeKey[]];
export const DEFAULT_TIMEFRAME: TimeframeKey = '1h';
/** Candles asked for at a time (the endpoint's default). */
export const CANDLE_LIMIT = 100;

export function candleParams(key: TimeframeKey): V1Params<'tokenCandles'> {
  const { timeframe, aggregate } = TIMEFRAMES[key];
  return { timeframe, aggregate, limit: CANDLE_LIMIT };
}
