// One pair or pool by its address (or v4 pool id): prices, liquidity, volume, changes and buy/sell counts per window.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { marketAddressSchema, networkSchema } from '../../contract/params.js';

export const getPair = defineCapability({
  name: 'market.pair',
  group: 'market',
  operation: 'pair',
  summary:
    'One pair or pool by its address (or v4 pool id): prices, liquidity, volume, changes and buy/sell counts per window.',
  scope: 'market',
  params: z.object({ network: networkSchema, address: marketAddressSchema }),
  ttl: 'block',
});
