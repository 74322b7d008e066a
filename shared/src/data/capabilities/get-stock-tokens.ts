// The stock-token list of the issuer, as the issuer returns it.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const getStockTokens = defineCapability({
  name: 'stocks.list',
  group: 'stocks',
  operation: 'list',
  summary: 'The stock-token list of the issuer, as the issuer returns it.',
  scope: 'chain',
  params: z.object({}),
  ttl: 'metadata',
});
