// OHLC history of a coin by its aggregator id (no volume), oldest first.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const getOhlcHistory = defineCapability({
  name: 'market.ohlc_history',
  group: 'market',
  operation: 'ohlcHistory',
  summary: 'OHLC history of a coin by its aggregator id (no volume), oldest first.',
  scope: 'global',
  params: z.object({
    coin: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'a coin id such as ethereum')
      .describe('aggregator coin id, e.g. ethereum'),
    vsCurrency: z
      .string()
      .regex(/^[a-z]{3,5}$/)
      .default('usd')
      .describe('quote currency (default usd)'),
    days: z.enum(['1', '7', '14', '30', '90', '180', '365']).default('30').describe('days of history'),
  }),
  ttl: 'block',
});
