// A transaction by hash.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { txHashSchema } from '../../contract/params.js';

export const getTransaction = defineCapability({
  name: 'onchain.transaction',
  group: 'onchain',
  operation: 'transaction',
  summary: 'A transaction by hash.',
  params: z.object({ hash: txHashSchema }),
  ttl: 'block',
});
