// The Graph gateway, the subgraph provider. `subgraph.query` POSTs the caller's GraphQL request to
// `/api/subgraphs/id/{subgraphId}` with the key as a bearer token and answers GraphQL's `data`
// member exactly as returned (nulls included: in GraphQL they are values, not absent fields).
//
// The gateway answers its own failures with HTTP 200 and an `errors` array
// (edgeandnode/gateway src/errors.rs, src/auth.rs), so the
// body is inspected on every 200:
// - `auth error: …` (missing header, malformed or unknown key, domain not authorized): the key is
//   unusable, AuthFailedError (the provider becomes auth_failed); except the billing refusals
//   (`payment required …`, `spend limit exceeded …`), a quota: RateLimitedError, and a key not
//   authorized for this subgraph or deployment, a refusal of this request only;
// - `bad indexers: …` (every indexer the gateway picked failed this time) and `internal error: …`
//   (the gateway's own exceptional failure): transient failures, retried once;
// - anything else (`subgraph not found: …`, `no indexers found`, `bad query: …`, graph-node's
//   validation errors) and any `errors` next to `data` (a partial answer is never passed as a
//   complete one): RequestRefusedError, PROVIDER_ERROR with the messages;
// - `data: null` (or no `data`) with no errors: a failure, never an empty result.
// HTTP statuses, the default table of http-errors.ts: 401/403 AuthFailedError (a Cloudflare
// `error code: 10xx` page is a refusal, not a key problem: the gateway's own row), 429
// RateLimitedError with Retry-After, 5xx a transient failure, other 4xx RequestRefusedError; a body
// that is not JSON is a failure (transient when 5xx).
import {
  AuthFailedError,
  ProviderError,
  RateLimitedError,
  RequestRefusedError,
  type ProviderErrorOptions,
} from '../../errors/data-errors.js';
import { GRAPHQL_STATUS_ROWS, joinCapped, readGraphqlAnswer } from '../graphql-answer.js';
import { httpErrors, refused } from '../http-errors.js';
import type { ProviderFactory } from '../provider-types.js';
import { subgraphUrl } from './endpoints.js';
import { graphqlResponseSchema, type GraphqlResponse } from './payloads.js';

type GraphqlError = NonNullable<GraphqlResponse['errors']>[number];

/** Cloudflare in front of the gateway may refuse requests without a User-Agent (error code 1010). */
export const THEGRAPH_USER_AGENT = 'pkg-data/0.1 (subgraph client)';
const MAX_MESSAGES = 5;
const MAX_MESSAGE_CHARS = 500;

/** The messages of a GraphQL `errors` array, joined, each capped. */
export function joinMessages(errors: readonly GraphqlError[] | null | undefined): string {
  const texts = (errors ?? []).map((e) => e.message?.trim() || '(no message)');
  return joinCapped(texts, MAX_MESSAGES, MAX_MESSAGE_CHARS);
}

/** The error a GraphQL `errors` array stands for (see the file's head). */
function graphqlError(errors: readonly GraphqlError[], where: string, options: ProviderErrorOptions) {
  const joined = joinMessages(errors);
  const messages = errors.map((e) => e.message?.trim() ?? '');
  const text = `${where}: ${joined}`;
  const auth = messages.find((m) => /^auth error:/i.test(m));
  if (auth !== undefined) {
    if (/payment required|spend limit/i.test(auth)) return new RateLimitedError(text, options);
    if (/(subgraph|deployment) not authorized/i.test(auth)) return new RequestRefusedError(text, options);
    return new AuthFailedError(`key rejected (${text})`, options);
  }
  if (messages.length > 0 && messages.every((m) => /^(bad indexers|internal error):/i.test(m)))
    return new ProviderError('failure', text, { ...options, transient: true });
  return new RequestRefusedError(text, options);
}

/** The gateway's rows: a Cloudflare refusal page on 403 refuses the request, not the key. */
const thegraphStatusError = httpErrors([
  {
    status: 403,
    when: (a) => a.body === undefined && /error code: 10\d\d/.test(a.response.text),
    error: refused(
      (a) => `${a.where}: HTTP 403 refused by Cloudflare (${a.response.text.trim().slice(0, 40)})`,
    ),
  },
  ...GRAPHQL_STATUS_ROWS,
]);

export const createThegraphProvider: ProviderFactory = (endpoint, context) => {
  const authorization = `Bearer ${endpoint.secrets[0] ?? ''}`;
  const options = { provider: 'thegraph', redact: context.redact };

  return {
    handlers: {
      'subgraph.query': async (params) => {
        const subgraphId = String(params.subgraphId);
        const where = `subgraph ${subgraphId}`;
        const request: Record<string, unknown> = { query: params.query };
        if (params.variables !== undefined) request.variables = params.variables;
        if (params.operationName !== undefined) request.operationName = params.operationName;
        const response = await context.fetch({
          url: subgraphUrl(endpoint.url, subgraphId),
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            'user-agent': THEGRAPH_USER_AGENT,
            authorization,
          },
          body: JSON.stringify(request),
        });
        const data = readGraphqlAnswer(response, {
          where,
          options,
          who: 'the gateway',
          envelope: graphqlResponseSchema,
          joinMessages,
          graphqlError,
          statusError: thegraphStatusError,
        });
        return { data };
      },
    },
    // The gateway has no documented request that checks a key without a subgraph id (its routes:
    // `/api/subgraphs/id/{id}`, `/api/deployments/id/{id}`, and unauthenticated `/`, `/ready`),
    // and no subgraph id is assumed: health reports the configuration without a request.
    health: () =>
      Promise.resolve({
        configured: true,
        keyChecked: false,
        note: 'The Graph gateway has no key-check endpoint without a subgraph id; the key is checked on the first query',
      }),
  };
};
