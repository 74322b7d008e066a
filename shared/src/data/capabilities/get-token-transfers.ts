// Recent transfers of a token.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getTokenTransfers = defineCapability({
  name: 'explorer.tokenTransfers',
  group: 'explorer',
  operation: 'tokenTransfers',
  summary: 'Recent transfers of a token.',
  params: z.object({ token: addressSchema }),
  ttl: 'indexed',
});
