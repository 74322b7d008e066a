// The underlying bid and ask of a stock token, as the issuer returns them (not multiplier-adjusted).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const getStockQuote = defineCapability({
  name: 'stocks.quote',
  group: 'stocks',
  operation: 'quote',
  summary:
    'The underlying bid and ask of a stock token, as the issuer returns them (not multiplier-adjusted).',
  scope: 'chain',
  params: z.object({
    symbol: z
      .string()
      .regex(/^[A-Z][A-Z0-9.]{0,9}$/, 'a ticker in upper case, such as AAPL or BRK.B')
      .describe('ticker, upper case'),
  }),
  ttl: 'block',
});
