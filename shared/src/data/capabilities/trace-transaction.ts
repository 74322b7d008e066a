// The call tree of a transaction (callTracer).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { txHashSchema } from '../../contract/params.js';

export const traceTransaction = defineCapability({
  name: 'onchain.trace',
  group: 'onchain',
  operation: 'trace',
  summary: 'The call tree of a transaction (callTracer).',
  params: z.object({ hash: txHashSchema }),
  ttl: 'block',
});
