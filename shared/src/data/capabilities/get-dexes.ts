// The DEXes of a network.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { networkSchema, pageSchema } from '../../contract/params.js';

export const getDexes = defineCapability({
  name: 'market.dexes',
  group: 'market',
  operation: 'dexes',
  summary: 'The DEXes of a network.',
  scope: 'market',
  params: z.object({ network: networkSchema, page: pageSchema }),
  ttl: 'networks',
});
