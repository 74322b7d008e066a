// A token on a market network: name, symbol, price, FDV, market cap and its main pool.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { marketAddressSchema, networkSchema } from '../../contract/params.js';

export const getMarketToken = defineCapability({
  name: 'market.token',
  group: 'market',
  operation: 'token',
  summary: 'A token on a market network: name, symbol, price, FDV, market cap and its main pool.',
  scope: 'market',
  params: z.object({ network: networkSchema, address: marketAddressSchema }),
  ttl: 'block',
});
