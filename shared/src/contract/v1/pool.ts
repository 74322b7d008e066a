// GET /v1/token/candles and GET /v1/pool/:network/:address (docs/public-api.md): the candles of the
// project token's pool (the /token page's chart), and one pool as the pool provider lists it (the
// pool card of /embed/pool/<network>/<address>). Each a section with its own source and time.
// Browser-safe: zod only.
import * as z from 'zod';
import { NETWORK_PATTERN } from '../../schemas/patterns.js';
import { OHLCV_AGGREGATES, OHLCV_MAX_CANDLES } from '../ohlcv-params.js';
import { marketAddressSchema } from '../params.js';
import { v1PoolSchema } from './screener.js';
import { sectionSchema } from './sections.js';

/** A market network id as the pool provider names it (robinhood, eth, base …). */
export const v1NetworkSchema = z
  .string()
  .regex(NETWORK_PATTERN, 'a network is an id such as robinhood, eth, base or solana');

/** The candles asked for (query string over REST, hence the coercion): 100 hourly candles by default. */
export const candleParamsSchema = z
  .object({
    timeframe: z
      .enum(['day', 'hour', 'minute'])
      .default('hour')
      .describe('candle timeframe: day, hour (default) or minute'),
    aggregate: z.coerce
      .number()
      .int()
      .default(1)
      .describe('candle size: day 1; hour 1, 4, 12; minute 1, 5, 15'),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit is 1 or more')
      .max(OHLCV_MAX_CANDLES, `limit is at most ${OHLCV_MAX_CANDLES}`)
      .default(100)
      .describe(`candles, at most ${OHLCV_MAX_CANDLES}`),
  })
  .strict()
  .refine((p) => (OHLCV_AGGREGATES[p.timeframe] as readonly number[]).includes(p.aggregate), {
    message: 'aggregate must be 1 for day; 1, 4 or 12 for hour; 1, 5 or 15 for minute',
    path: ['aggregate'],
  });
export type CandleParams = z.infer<typeof candleParamsSchema>;

/** One candle; `time` is the start of its interval (unix seconds); prices in USD. */
export const candleSchema = z
  .object({
    time: z.number().int(),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number().optional(),
  })
  .strict();
export type CandleV1 = z.infer<typeof candleSchema>;

export const candleSeriesSchema = z
  .object({
    network: z.string(),
    pool: z.string(),
    timeframe: z.enum(['day', 'hour', 'minute']),
    aggregate: z.number().int(),
    /** Oldest first. */
    candles: z.array(candleSchema),
  })
  .strict();
export type CandleSeriesV1 = z.infer<typeof candleSeriesSchema>;

export const v1TokenCandlesSchema = z
  .object({
    /** PROJECT_TOKEN_ADDRESS; absent when unset. */
    address: z.string().optional(),
    candles: sectionSchema(candleSeriesSchema),
  })
  .strict();
export type V1TokenCandles = z.infer<typeof v1TokenCandlesSchema>;

export const poolCardParamsSchema = z
  .object({ network: v1NetworkSchema, address: marketAddressSchema })
  .strict();

/** The pool with its trade counts of the last 24 hours, where the provider sends them. */
export const poolCardSchema = v1PoolSchema
  .extend({
    txns24h: z.object({ buys: z.number(), sells: z.number() }).strict().optional(),
  })
  .strict();
export type PoolCard = z.infer<typeof poolCardSchema>;

export const v1PoolCardSchema = z
  .object({ network: z.string(), address: z.string(), pool: sectionSchema(poolCardSchema) })
  .strict();
export type V1PoolCard = z.infer<typeof v1PoolCardSchema>;
