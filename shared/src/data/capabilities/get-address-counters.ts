// Transaction, transfer and gas counters of an address.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getAddressCounters = defineCapability({
  name: 'explorer.counters',
  group: 'explorer',
  operation: 'counters',
  summary: 'Transaction, transfer and gas counters of an address.',
  params: z.object({ address: addressSchema }),
  ttl: 'indexed',
});
