// One GraphQL request to Codex through the guarded fetch, with Codex's error mapping.
// HTTP (github.com/Codex-Data/skills skills/codex-supergraph/references/apis.md "Common failures",
// references/gotchas.md "Rate limits return 429, not GraphQL errors"): 401/403 reject the key
// (AuthFailedError: the provider becomes auth_failed); 429 RATE_LIMITED with Retry-After when
// sent; 5xx transient failures; other 4xx (a query Codex refuses) RequestRefusedError.
// A 200 answer carrying GraphQL `errors` is never data (https://docs.codex.io/concepts/authentication
// "Errors": an invalid or expired key answers an `Unauthorized` error):
// - `Unauthorized` / `UNAUTHENTICATED` / `FORBIDDEN` or an API-key message: AuthFailedError;
// - a plan refusal (a query that needs a Growth or Enterprise plan): UnsupportedMethodError;
// - a rate-limit message: RateLimitedError;
// - an internal error or time-out: a transient failure;
// - anything else (validation errors) and errors next to data: RequestRefusedError.
// `data` null with no errors is a failure, never an empty answer.
import type { z } from 'zod';
import {
  AuthFailedError,
  ProviderError,
  RateLimitedError,
  RequestRefusedError,
  UnsupportedMethodError,
  type ProviderErrorOptions,
} from '../../errors/data-errors.js';
import { joinCapped, readGraphqlAnswer } from '../graphql-answer.js';
import { jsonRequest } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { graphqlUrl } from './endpoints.js';
import { graphqlResponseSchema, type GraphqlError } from './payloads.js';

const MAX_MESSAGES = 3;
const MAX_MESSAGE_CHARS = 300;

export type CodexQuery = <S extends z.ZodType>(
  operation: string,
  query: string,
  variables: Record<string, unknown>,
  data: S,
) => Promise<z.infer<S>>;

function joinMessages(errors: readonly GraphqlError[]): string {
  const texts = errors.map((e) => e.message?.trim() || e.extensions?.code || '(no message)');
  return joinCapped(texts, MAX_MESSAGES, MAX_MESSAGE_CHARS);
}

const PLAN_REFUSAL =
  /growth or enterprise|upgrade your plan|requires? an? \w+ plan|not (included|available) (in|on) your plan/i;
const KEY_REJECTED =
  /unauthori[sz]ed|unauthenticated|forbidden|invalid api key|api key (is )?(invalid|missing|expired)/i;
const RATE_LIMIT = /rate.?limit|too many requests/i;
const INTERNAL = /internal server error|internal error|timed? ?out/i;

function graphqlError(errors: readonly GraphqlError[], where: string, options: ProviderErrorOptions) {
  const text = `${where}: ${joinMessages(errors)}`;
  const all = errors.map((e) => `${e.extensions?.code ?? ''} ${e.message ?? ''}`).join('\n');
  if (PLAN_REFUSAL.test(all)) return new UnsupportedMethodError(text, options);
  if (KEY_REJECTED.test(all)) return new AuthFailedError(`key rejected (${text})`, options);
  if (RATE_LIMIT.test(all)) return new RateLimitedError(text, options);
  if (INTERNAL.test(all)) return new ProviderError('failure', text, { ...options, transient: true });
  return new RequestRefusedError(text, options);
}

export function createCodexQuery(endpoint: ProviderEndpoint, context: ProviderContext): CodexQuery {
  const authorization = endpoint.secrets[0] ?? '';
  const options = { provider: 'codex', redact: context.redact };
  return async (operation, query, variables, dataSchema) => {
    const where = operation;
    const response = await jsonRequest(context, {
      url: graphqlUrl(endpoint.url),
      headers: { authorization },
      body: { operationName: operation, query, variables },
    });
    const data = dataSchema.safeParse(
      readGraphqlAnswer(response, {
        where,
        options,
        who: 'Codex',
        envelope: graphqlResponseSchema,
        joinMessages,
        graphqlError,
      }),
    );
    if (!data.success)
      throw new ProviderError('failure', `${where}: unexpected payload (HTTP ${response.status})`, {
        ...options,
        status: response.status,
      });
    return data.data;
  };
}
