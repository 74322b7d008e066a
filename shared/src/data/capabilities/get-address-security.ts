// Whether an address is flagged (phishing, sanctions, mixers, scams ...).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getAddressSecurity = defineCapability({
  name: 'security.address',
  group: 'security',
  operation: 'address',
  summary: 'Whether an address is flagged (phishing, sanctions, mixers, scams ...).',
  scope: 'chain',
  params: z.object({ address: addressSchema }),
  ttl: 'metadata',
});
