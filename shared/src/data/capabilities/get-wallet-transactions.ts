// The transactions of a wallet on the chain, newest first, with transfers.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getWalletTransactions = defineCapability({
  name: 'wallet.transactions',
  group: 'wallet',
  operation: 'transactions',
  summary: 'The transactions of a wallet on the chain, newest first, with transfers.',
  scope: 'chain',
  params: z.object({
    address: addressSchema,
    pageSize: z.number().int().min(1).max(100).optional().describe('transactions a page (default 20)'),
    cursor: z.string().max(500).optional().describe('nextCursor of the previous page'),
  }),
  ttl: 'block',
});
