// Candle requests (docs/data-layer.md, OHLCV): `day` with aggregate 1, `hour` with 1, 4 or 12,
// `minute` with 1, 5 or 15, at most 1000 candles. Anything else is INVALID_INPUT before any request.
import * as z from 'zod';
import { marketAddressSchema, networkSchema } from './params.js';

export const OHLCV_AGGREGATES = { day: [1], hour: [1, 4, 12], minute: [1, 5, 15] } as const;
export const OHLCV_MAX_CANDLES = 1000;

export const ohlcvParamsSchema = z
  .object({
    network: networkSchema,
    pool: marketAddressSchema,
    timeframe: z.enum(['day', 'hour', 'minute']).describe('candle timeframe'),
    aggregate: z.number().int().default(1).describe('candle size: day 1; hour 1, 4, 12; minute 1, 5, 15'),
    limit: z.number().int().min(1).max(OHLCV_MAX_CANDLES).default(100).describe('candles, at most 1000'),
    beforeTimestamp: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('only candles before this unix time (s)'),
    currency: z.enum(['usd', 'token']).default('usd').describe('prices in USD or in the quote token'),
  })
  .refine((p) => (OHLCV_AGGREGATES[p.timeframe] as readonly number[]).includes(p.aggregate), {
    message: 'aggregate must be 1 for day; 1, 4 or 12 for hour; 1, 5 or 15 for minute',
    path: ['aggregate'],
  });
