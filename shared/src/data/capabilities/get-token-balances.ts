// ERC-20 balances of an address.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getTokenBalances = defineCapability({
  name: 'tokens.balances',
  group: 'tokens',
  operation: 'balances',
  summary: 'ERC-20 balances of an address.',
  params: z.object({ address: addressSchema }),
  ttl: 'balance',
});
