// The native (ETH) balance of an address at the head block.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getBalance = defineCapability({
  name: 'onchain.balance',
  group: 'onchain',
  operation: 'balance',
  summary: 'The native (ETH) balance of an address at the head block.',
  params: z.object({ address: addressSchema }),
  ttl: 'balance',
});
