// Hyperliquid's perpetuals and spot markets with their live context (the `/perps` command of
// docs/bots.md, "Commands", and the `/live` page: docs/public-api.md, GET /v1/chain). Global:
// Hyperliquid is its own exchange, not a chain of CHAINS. Live prices: the `block` cache class
// (30 s), as prices and DEX market data.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

const limitSchema = z
  .number()
  .int()
  .min(1)
  .max(1000)
  .optional()
  .describe('at most this many, by 24 h volume (default: all)');

export const perpsMarkets = defineCapability({
  name: 'perps.markets',
  group: 'perps',
  operation: 'markets',
  summary:
    'Hyperliquid perpetual markets by 24 h volume: mark, mid, oracle and previous-day prices, funding, open interest, 24 h volume, max leverage.',
  scope: 'global',
  params: z
    .object({
      dex: z
        .string()
        .regex(/^[a-z0-9]{1,16}$/, 'a perp dex name is 1 to 16 lower-case letters or digits, such as xyz')
        .optional()
        .describe(
          'a builder-deployed perp dex (such as xyz, with tokenized-equity perps); default the main dex',
        ),
      includeDelisted: z.boolean().optional().describe('also list delisted markets (marked delisted)'),
      limit: limitSchema,
    })
    .strict(),
  ttl: 'block',
});

export const perpsSpot = defineCapability({
  name: 'perps.spot',
  group: 'perps',
  operation: 'spot',
  summary:
    'Hyperliquid spot pairs by 24 h volume: base and quote tokens, mark, mid and previous-day prices, 24 h volume, supply.',
  scope: 'global',
  params: z.object({ limit: limitSchema }).strict(),
  ttl: 'block',
});

export const HYPERLIQUID_CAPABILITIES = [perpsMarkets, perpsSpot] as const;
