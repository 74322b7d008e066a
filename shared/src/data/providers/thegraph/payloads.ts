// The gateway's answers: a GraphQL response, `{"data": {...}}`, possibly with `errors`
// (https://spec.graphql.org/October2021/#sec-Response-Format, the GraphQL API of
// https://thegraph.com/docs/en/subgraphs/querying/graphql-api/). The gateway's own failures
// (auth, unknown subgraph, no allocations, bad indexers) are HTTP 200 with an `errors` array and
// no `data` (edgeandnode/gateway src/graphql.rs `error_response`, src/errors.rs); graph-node's
// validation errors are passed through the same way. Only `data` and the messages are read.
import * as z from 'zod';

export const graphqlErrorSchema = z.looseObject({
  message: z.string().nullable().optional(),
});

export const graphqlResponseSchema = z.looseObject({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(graphqlErrorSchema).nullable().optional(),
});

export type GraphqlResponse = z.infer<typeof graphqlResponseSchema>;
