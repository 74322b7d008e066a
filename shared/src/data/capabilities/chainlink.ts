// Chainlink on the chain: `feeds.list`, the feeds of Chainlink's catalog for the chain (pair,
// proxy address, decimals, heartbeat, deviation threshold; the `metadata` cache class, 10 min),
// and the parameters of `feeds.latest`, a composite (sources/chainlink-latest.ts) that reads
// `latestRoundData` on chain through the RPC providers' `onchain.call`. `feeds.latest` is not a
// routed capability: no provider answers it by itself, so it is not defined with
// defineCapability (the capability table and the tool server list only routed ones).
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { addressSchema } from '../../contract/params.js';

export const feedsList = defineCapability({
  name: 'feeds.list',
  group: 'feeds',
  operation: 'list',
  summary:
    "The Chainlink price feeds of the chain, from Chainlink's feed catalog: pair, proxy address, decimals, heartbeat, deviation threshold.",
  scope: 'chain',
  params: z.object({}).strict(),
  ttl: 'metadata',
});

/** The staleness bound when the catalog gives no heartbeat for the feed. */
export const DEFAULT_FEED_MAX_AGE_S = 3_600;

export const feedsLatestParams = z
  .object({
    address: addressSchema.optional().describe('the feed proxy address'),
    feed: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe('a feed of the catalog by pair, name or path: "TSLA / USD", tsla-usd'),
    maxAgeS: z
      .number()
      .int()
      .min(1)
      .max(30 * 86_400)
      .optional()
      .describe('staleness bound in seconds when the catalog gives no heartbeat for the feed (default 3600)'),
  })
  .strict()
  .refine((p) => (p.address === undefined) !== (p.feed === undefined), 'give an address or a feed, not both');

/** The composite's name and description, for the SDK group `feeds` and a tool of its own. */
export const feedsLatest = {
  name: 'feeds.latest',
  group: 'feeds',
  operation: 'latest',
  summary:
    "A Chainlink feed's latest round read on chain (answer, price, round id, updated at), flagged stale when older than the feed's heartbeat.",
  params: feedsLatestParams,
} as const;

export const CHAINLINK_CAPABILITIES = [feedsList] as const;
