// eth_call against a contract at the head block.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const callContract = defineCapability({
  name: 'onchain.call',
  group: 'onchain',
  operation: 'call',
  summary: 'eth_call against a contract at the head block.',
  params: z.object({
    to: addressSchema,
    data: z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'calldata is even-length hex'),
  }),
  ttl: 'balance',
});
