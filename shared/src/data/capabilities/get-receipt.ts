// The receipt of a transaction.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { txHashSchema } from '../../contract/params.js';

export const getReceipt = defineCapability({
  name: 'onchain.receipt',
  group: 'onchain',
  operation: 'receipt',
  summary: 'The receipt of a transaction.',
  params: z.object({ hash: txHashSchema }),
  ttl: 'block',
});
