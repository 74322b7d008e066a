// Candles of a pool, oldest first: day (aggregate 1), hour (1, 4, 12) or minute (1, 5, 15), at most 1000.
import { defineCapability } from './define-capability.js';
import { ohlcvParamsSchema } from '../../contract/ohlcv-params.js';

export const getOhlcv = defineCapability({
  name: 'market.ohlcv',
  group: 'market',
  operation: 'ohlcv',
  summary:
    'Candles of a pool, oldest first: day (aggregate 1), hour (1, 4, 12) or minute (1, 5, 15), at most 1000.',
  scope: 'market',
  params: ohlcvParamsSchema,
  ttl: 'block',
});
