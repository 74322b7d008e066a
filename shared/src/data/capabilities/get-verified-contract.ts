// Verified source and ABI of a contract.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getVerifiedContract = defineCapability({
  name: 'explorer.contract',
  group: 'explorer',
  operation: 'contract',
  summary: 'Verified source and ABI of a contract.',
  params: z.object({ address: addressSchema }),
  ttl: 'metadata',
});
