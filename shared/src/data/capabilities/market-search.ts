// Pairs matching a symbol, name or address, across networks or on one network (DEX pair provider).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { anyNetworkSchema } from '../../contract/params.js';

export const marketSearch = defineCapability({
  name: 'market.search',
  group: 'market',
  operation: 'search',
  summary: 'Pairs matching a symbol, name or address, across networks or on one network (DEX pair provider).',
  scope: 'market',
  params: z.object({
    query: z.string().trim().min(1).max(100).describe('symbol, name or address'),
    network: anyNetworkSchema,
  }),
  ttl: 'block',
});
