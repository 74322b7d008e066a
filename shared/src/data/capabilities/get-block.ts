// A block by number, or the head block.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { blockNumberSchema } from '../../contract/params.js';

export const getBlock = defineCapability({
  name: 'onchain.block',
  group: 'onchain',
  operation: 'block',
  summary: 'A block by number, or the head block.',
  params: z.object({
    block: z.union([z.literal('latest'), blockNumberSchema]).default('latest'),
  }),
  ttl: 'block',
});
