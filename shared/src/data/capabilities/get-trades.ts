// The last trades of a pool (past 24 hours, at most 300).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { marketAddressSchema, networkSchema } from '../../contract/params.js';

export const getTrades = defineCapability({
  name: 'market.trades',
  group: 'market',
  operation: 'trades',
  summary: 'The last trades of a pool (past 24 hours, at most 300).',
  scope: 'market',
  params: z.object({
    network: networkSchema,
    pool: marketAddressSchema,
    minVolumeUsd: z.number().nonnegative().optional().describe('only trades of at least this USD value'),
  }),
  ttl: 'block',
});
