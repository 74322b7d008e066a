// The pools of several tokens of one market network in one request: the pair provider's
// multi-token lookup (DexScreener "Get one or multiple pairs by token address", up to 30
// comma-separated addresses a request), so that a list of tokens costs one request per 30 tokens
// instead of one per token. Pools where a token is on either side are listed.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';
import { marketAddressSchema, networkSchema } from '../../contract/params.js';

/** The most token addresses one request may carry (the vendor's documented limit). */
export const PAIRS_OF_TOKENS_MAX = 30;

export const getPairsOfTokens = defineCapability({
  name: 'market.pairs_of_tokens',
  group: 'market',
  operation: 'pairsOfTokens',
  summary: `The pools of up to ${PAIRS_OF_TOKENS_MAX} tokens of one market network, in one request (DEX pair provider).`,
  scope: 'market',
  params: z.object({
    network: networkSchema,
    addresses: z
      .array(marketAddressSchema)
      .min(1)
      .max(PAIRS_OF_TOKENS_MAX, `at most ${PAIRS_OF_TOKENS_MAX} addresses a request`)
      .describe(`token addresses, 1 to ${PAIRS_OF_TOKENS_MAX}`),
  }),
  ttl: 'block',
});
