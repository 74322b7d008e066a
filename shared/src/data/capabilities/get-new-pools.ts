// Pools created on a network in the last 48 hours, newest first.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { networkSchema, pageSchema } from '../../contract/params.js';

export const getNewPools = defineCapability({
  name: 'market.new_pools',
  group: 'market',
  operation: 'newPools',
  summary: 'Pools created on a network in the last 48 hours, newest first.',
  scope: 'market',
  params: z.object({ network: networkSchema, page: pageSchema }),
  ttl: 'block',
});
