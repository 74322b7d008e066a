// The bytecode at an address at the head block.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getCode = defineCapability({
  name: 'onchain.code',
  group: 'onchain',
  operation: 'code',
  summary: 'The bytecode at an address at the head block.',
  params: z.object({ address: addressSchema }),
  ttl: 'bytecode',
});
