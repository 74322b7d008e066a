// Security of a spender contract that holds approvals.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getApprovalSecurity = defineCapability({
  name: 'security.approvals',
  group: 'security',
  operation: 'approvals',
  summary: 'Security of a spender contract that holds approvals.',
  scope: 'chain',
  params: z.object({ address: addressSchema }),
  ttl: 'metadata',
});
