// A transaction as the explorer indexed it (decoded input, token transfers, rollup batch).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { txHashSchema } from '../../contract/params.js';

export const getIndexedTransaction = defineCapability({
  name: 'explorer.transaction',
  group: 'explorer',
  operation: 'transaction',
  summary: 'A transaction as the explorer indexed it (decoded input, token transfers, rollup batch).',
  params: z.object({ hash: txHashSchema }),
  ttl: 'indexed',
});
