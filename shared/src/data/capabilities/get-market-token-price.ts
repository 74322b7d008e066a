// A token price in USD by contract, or native for ETH (the market-data aggregator, then the pool provider).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { marketAddressSchema, networkSchema } from '../../contract/params.js';

export const getMarketTokenPrice = defineCapability({
  name: 'market.tokenPrice',
  group: 'market',
  operation: 'tokenPrice',
  summary:
    'A token price in USD by contract, or native for ETH (the market-data aggregator, then the pool provider).',
  scope: 'market',
  params: z.object({
    network: networkSchema,
    address: z.union([marketAddressSchema, z.literal('native')]).describe('token address, or native for ETH'),
  }),
  ttl: 'block',
});
