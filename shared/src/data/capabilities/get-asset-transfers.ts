// Token transfers from and to an address.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getAssetTransfers = defineCapability({
  name: 'tokens.transfers',
  group: 'tokens',
  operation: 'transfers',
  summary: 'Token transfers from and to an address.',
  params: z.object({ address: addressSchema }),
  ttl: 'block',
});
