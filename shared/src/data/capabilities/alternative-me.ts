// alternative.me's Crypto Fear & Greed Index: the newest reading and `limit` days of history.
// The index is published once a day; the `metadata` cache class (10 min) keeps an answer for at
// most ten minutes, so a new day's reading is seen within ten minutes of its publication while
// repeated views (the website, the bots) cost one request per ten minutes. `block` (30 s) would
// only multiply requests for a value that changes daily; `networks` (1 h) would show yesterday's
// reading for up to an hour after the update.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const sentimentFearGreed = defineCapability({
  name: 'sentiment.fearGreed',
  group: 'sentiment',
  operation: 'fearGreed',
  summary:
    "The crypto fear-and-greed index (alternative.me): today's value (0 to 100) and classification, and optionally the last days.",
  scope: 'global',
  params: z
    .object({
      limit: z
        .number()
        .int()
        .min(1)
        .max(3650)
        .default(1)
        .describe('days of readings, newest first (default 1: only the latest)'),
    })
    .strict(),
  ttl: 'metadata',
});

export const ALTERNATIVE_ME_CAPABILITIES = [sentimentFearGreed] as const;
