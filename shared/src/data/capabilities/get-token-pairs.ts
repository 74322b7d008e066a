// Every pool of a token on a market network.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { marketAddressSchema, networkSchema } from '../../contract/params.js';

export const getTokenPairs = defineCapability({
  name: 'market.token_pairs',
  group: 'market',
  operation: 'tokenPairs',
  summary: 'Every pool of a token on a market network.',
  scope: 'market',
  params: z.object({ network: networkSchema, address: marketAddressSchema }),
  ttl: 'block',
});
