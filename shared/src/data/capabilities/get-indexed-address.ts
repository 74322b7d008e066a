// An address as the explorer indexed it (contract flag, verification, creator).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getIndexedAddress = defineCapability({
  name: 'explorer.address',
  group: 'explorer',
  operation: 'address',
  summary: 'An address as the explorer indexed it (contract flag, verification, creator).',
  params: z.object({ address: addressSchema }),
  ttl: 'indexed',
});
