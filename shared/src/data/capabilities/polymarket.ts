// Prediction-market odds from Polymarket (docs/website.md, "Odds"): open events by tag slug (Fed,
// inflation, stocks: the slugs of the vendor's documentation) or by a free-text search
// (the documented `/public-search`), with their markets, outcomes and prices. Global: Polymarket
// is not a chain of CHAINS. Live prices: the `block` cache class (30 s). The choice of what the
// card shows (most likely buckets, levels nearest 50 %) is the odds service's, not this layer's.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const oddsEvents = defineCapability({
  name: 'odds.events',
  group: 'odds',
  operation: 'events',
  summary:
    'Open Polymarket events by tag slug or search, with their markets: outcomes with prices as probabilities (0 to 1), volume, liquidity, end date, and whether the outcomes are mutually exclusive.',
  scope: 'global',
  params: z
    .object({
      tag: z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9-]{0,99}$/,
          'a tag slug is lower-case letters, digits and hyphens, such as fed-rates',
        )
        .optional()
        .describe('a Polymarket tag slug, such as fed-rates, inflation or stocks'),
      search: z
        .string()
        .trim()
        .min(2, 'a search is at least 2 characters')
        .max(100)
        .optional()
        .describe('free text, such as a ticker (with tag: within that tag)'),
      limit: z.number().int().min(1).max(100).default(20).describe('events (1 to 100, default 20)'),
    })
    .strict()
    .refine((p) => p.tag !== undefined || p.search !== undefined, 'give a tag, a search, or both'),
  ttl: 'block',
});

export const POLYMARKET_CAPABILITIES = [oddsEvents] as const;
