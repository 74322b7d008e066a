// The positions of a wallet on the chain, with value and price.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getWalletPositions = defineCapability({
  name: 'wallet.positions',
  group: 'wallet',
  operation: 'positions',
  summary: 'The positions of a wallet on the chain, with value and price.',
  scope: 'chain',
  params: z.object({ address: addressSchema }),
  ttl: 'block',
});
