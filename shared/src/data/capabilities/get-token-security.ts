// Security flags of a token on the chain: honeypot, taxes, owner powers, holders.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getTokenSecurity = defineCapability({
  name: 'security.token',
  group: 'security',
  operation: 'token',
  summary: 'Security flags of a token on the chain: honeypot, taxes, owner powers, holders.',
  scope: 'chain',
  params: z.object({ address: addressSchema }),
  ttl: 'metadata',
});
