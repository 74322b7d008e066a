// Event logs of a contract over a block range.
import { z } from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema, blockNumberSchema } from './params.js';

export const queryLogs = defineCapability({
  name: 'onchain.logs',
  group: 'onchain',
  operation: 'logs',
  summary: 'Event logs of a contract over a block range.',
  params: z.object({
    address: addressSchema,
    fromBlock: blockNumberSchema,
    toBlock: blockNumberSchema,
  }),
  ttl: 'block',
});
