// Holders of a token, largest first.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getTokenHolders = defineCapability({
  name: 'explorer.holders',
  group: 'explorer',
  operation: 'holders',
  summary: 'Holders of a token, largest first.',
  params: z.object({ token: addressSchema }),
  ttl: 'indexed',
});
