// Top pools of a network, or of one token, by 24 h volume or transactions (20 a page, pages 1 to 10).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { marketAddressSchema, networkSchema, pageSchema } from '../../contract/params.js';

export const getTopPools = defineCapability({
  name: 'market.pools',
  group: 'market',
  operation: 'pools',
  summary:
    'Top pools of a network, or of one token, by 24 h volume or transactions (20 a page, pages 1 to 10).',
  scope: 'market',
  params: z.object({
    network: networkSchema,
    token: marketAddressSchema.optional().describe('only the pools of this token'),
    sort: z
      .enum(['volume', 'transactions'])
      .default('volume')
      .describe('24 h volume (default) or 24 h transactions'),
    page: pageSchema,
  }),
  ttl: 'block',
});
