// Indexed transactions of an address, newest first.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getAddressTransactions = defineCapability({
  name: 'explorer.transactions',
  group: 'explorer',
  operation: 'transactions',
  summary: 'Indexed transactions of an address, newest first.',
  params: z.object({ address: addressSchema }),
  ttl: 'indexed',
});
