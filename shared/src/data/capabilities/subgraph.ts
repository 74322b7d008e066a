// A GraphQL query of a subgraph through The Graph gateway; the caller names the subgraph (none
// is assumed). GraphQL errors in an HTTP 200 answer are PROVIDER_ERROR with their messages.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const subgraphQuery = defineCapability({
  name: 'subgraph.query',
  group: 'subgraph',
  operation: 'query',
  summary: 'A GraphQL query of a subgraph (by its id) through The Graph gateway.',
  scope: 'global',
  params: z
    .object({
      subgraphId: z
        .string()
        .regex(/^[1-9A-HJ-NP-Za-km-z]{32,64}$/, 'a subgraph id is a base58 string (32 to 64 characters)')
        .describe('the subgraph id (from The Graph Explorer)'),
      query: z.string().trim().min(1, 'a GraphQL query is required').max(100_000),
      variables: z.record(z.string(), z.unknown()).optional(),
      operationName: z
        .string()
        .regex(/^[_A-Za-z][_0-9A-Za-z]{0,127}$/)
        .optional(),
    })
    .strict(),
  ttl: 'indexed',
});
