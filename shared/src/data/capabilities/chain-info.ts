// Chain facts: the chain id reported live, native currency, head block and gas price.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const chainInfo = defineCapability({
  name: 'chain.info',
  group: 'chain',
  operation: 'info',
  summary: 'Chain facts: the chain id reported live, native currency, head block and gas price.',
  params: z.object({}),
  ttl: 'block',
});
