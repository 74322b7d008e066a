// Name, symbol, decimals and supply of a token.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const getTokenMetadata = defineCapability({
  name: 'tokens.metadata',
  group: 'tokens',
  operation: 'metadata',
  summary: 'Name, symbol, decimals and supply of a token.',
  params: z.object({ token: addressSchema }),
  ttl: 'metadata',
});
