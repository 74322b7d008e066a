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
import { jsonOf, jsonRequest, rateLimitedError } from '../http-answer.js';
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
  const messages = errors.map((e) => {
    const text = e.message?.trim() || e.extensions?.code || '(no message)';
    return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
  });
  const more = messages.length - MAX_MESSAGES;
  return `${messages.slice(0, MAX_MESSAGES).join('; ')}${more > 0 ? ` (+${more} more)` : ''}`;
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
    const { status } = response;
    const withStatus = { ...options, status };
    const body = jsonOf(response.text);
    // The envelope first (its errors say why there is no data), then `data` against its schema.
    const envelope = body === undefined ? undefined : graphqlResponseSchema.safeParse(body);
    const errors = envelope?.success ? (envelope.data.errors ?? []) : [];

    if (status >= 200 && status < 300) {
      if (body === undefined)
        throw new ProviderError('failure', `${where}: non-JSON response (HTTP ${status})`, withStatus);
      if (!envelope?.success)
        throw new ProviderError('failure', `${where}: unexpected payload (HTTP ${status})`, withStatus);
      if (errors.length > 0) throw graphqlError(errors, where, withStatus);
      if (envelope.data.data === null || envelope.data.data === undefined)
        throw new ProviderError('failure', `${where}: Codex answered no data and no errors`, withStatus);
      const data = dataSchema.safeParse(envelope.data.data);
      if (!data.success)
        throw new ProviderError('failure', `${where}: unexpected payload (HTTP ${status})`, withStatus);
      return data.data;
    }
    const detail = errors.length > 0 ? ` ${joinMessages(errors)}` : '';
    const text = `${where}: HTTP ${status}${detail}`;
    if (status === 401 || status === 403) throw new AuthFailedError(`key rejected (${text})`, withStatus);
    if (status === 429) throw rateLimitedError(text, response, withStatus);
    if (status >= 500)
      throw new ProviderError(
        'failure',
        body === undefined ? `${where}: non-JSON response (HTTP ${status})` : text,
        { ...withStatus, transient: true },
      );
    if (status >= 400) throw new RequestRefusedError(text, withStatus);
    throw new ProviderError('failure', text, withStatus);
  };
}
