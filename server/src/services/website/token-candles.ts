// The candles of the project token's pool (docs/public-api.md, GET /v1/token/candles): the pool
// provider's market.ohlcv for PROJECT_TOKEN_POOL (its address, or a v4 pool id), prices in USD,
// oldest first. Without the pool configured the section is UNAVAILABLE naming the variable, before
// any request. No HTTP here.
import type { CandleParams, CandleSeriesV1, V1TokenCandles } from '@pkg/shared';
import { notConfigured, type CandleSeries } from '@pkg/shared/data';
import { sourceSection } from './source-section.js';
import { unavailable } from './token-reads.js';
import type { WebsiteDeps } from './website-deps.js';

const series = (value: unknown): CandleSeriesV1 => {
  const s = value as CandleSeries;
  return {
    network: s.network,
    pool: s.pool,
    timeframe: s.timeframe,
    aggregate: s.aggregate,
    candles: s.candles.map((c) => ({
      time: c.time,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      ...(c.volume !== undefined ? { volume: c.volume } : {}),
    })),
  };
};

export async function tokenCandles(deps: WebsiteDeps, params: CandleParams): Promise<V1TokenCandles> {
  const { data, projectToken: config } = deps;
  const address = config.token ? { address: config.token } : {};
  const pool = config.pool && (config.pool.kind === 'v4' ? config.pool.id : config.pool.address);
  if (!pool) return { ...address, candles: unavailable(notConfigured(['PROJECT_TOKEN_POOL'])) };
  const result = await data.market.ohlcv({ pool, ...params, currency: 'usd' });
  return { ...address, candles: sourceSection(result, series) };
}
