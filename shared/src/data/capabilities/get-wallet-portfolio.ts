// A wallet portfolio: total value by position type and by chain (the total spans every chain).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getWalletPortfolio = defineCapability({
  name: 'wallet.portfolio',
  group: 'wallet',
  operation: 'portfolio',
  summary: 'A wallet portfolio: total value by position type and by chain (the total spans every chain).',
  scope: 'chain',
  params: z.object({ address: addressSchema }),
  ttl: 'block',
});
