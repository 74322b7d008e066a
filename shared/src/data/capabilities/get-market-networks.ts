// The networks of the pool provider, with their ids (cached 1 h).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const getMarketNetworks = defineCapability({
  name: 'market.networks',
  group: 'market',
  operation: 'networks',
  summary: 'The networks of the pool provider, with their ids (cached 1 h).',
  scope: 'global',
  params: z.object({
    page: z.number().int().min(1).max(10).optional().describe('page of the list (default 1)'),
  }),
  ttl: 'networks',
});
