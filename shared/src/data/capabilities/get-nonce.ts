// The nonce (transaction count) of an address at the head block.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getNonce = defineCapability({
  name: 'onchain.nonce',
  group: 'onchain',
  operation: 'nonce',
  summary: 'The nonce (transaction count) of an address at the head block.',
  params: z.object({ address: addressSchema }),
  ttl: 'balance',
});
