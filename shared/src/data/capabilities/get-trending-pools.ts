// Trending pools of a network.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { networkSchema, pageSchema } from '../../contract/params.js';

export const getTrendingPools = defineCapability({
  name: 'market.trending_pools',
  group: 'market',
  operation: 'trendingPools',
  summary: 'Trending pools of a network.',
  scope: 'market',
  params: z.object({
    network: networkSchema,
    duration: z.enum(['5m', '1h', '6h', '24h']).optional().describe('trend window (default 24h)'),
    page: pageSchema,
  }),
  ttl: 'block',
});
