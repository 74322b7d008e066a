// Event logs of a contract over a block range, optionally filtered by topics.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema, blockNumberSchema } from '../../contract/params.js';

export const queryLogs = defineCapability({
  name: 'onchain.logs',
  group: 'onchain',
  operation: 'logs',
  summary: 'Event logs of a contract over a block range, optionally filtered by topics.',
  params: z.object({
    address: addressSchema,
    fromBlock: blockNumberSchema,
    toBlock: blockNumberSchema,
    topics: z
      .array(
        z
          .string()
          .regex(/^0x[0-9a-fA-F]{64}$/, 'a topic is 0x followed by 64 hex digits')
          .nullable(),
      )
      .max(4)
      .optional()
      .describe('topic filter by position (topic0 = the event signature hash); null matches any'),
  }),
  ttl: 'block',
});
