// What Codex and The Graph's gateway share in reading a GraphQL answer: a 200 carrying GraphQL
// `errors` is never data (the vendor's own table says what they stand for), `data` null with no
// errors is a failure, never an empty answer, and the HTTP statuses by the default table of
// http-errors.ts: 401/403 AuthFailedError, 429 RateLimitedError with Retry-After, 5xx a transient
// failure (a body that is not JSON said as such), other 4xx RequestRefusedError; a vendor may add
// rows of its own.
import type { z } from 'zod';
import { ProviderError, type ProviderErrorOptions } from '../errors/data-errors.js';
import type { GuardedResponse } from '../net/guarded-fetch.js';
import { failedAnswer, failureText, httpTextOf, jsonOf, type FailedAnswer } from './http-answer.js';
import { httpErrors, transientFailure, type StatusRow } from './http-errors.js';

/** The texts joined with `; `, each capped at `maxChars`, at most `most` of them. */
export function joinCapped(texts: readonly string[], most: number, maxChars: number): string {
  const capped = texts.map((t) => (t.length > maxChars ? `${t.slice(0, maxChars)}…` : t));
  const shown = capped.slice(0, most).join('; ');
  const more = capped.length - most;
  return more > 0 ? `${shown} (+${more} more)` : shown;
}

export interface GraphqlReading<E> {
  /** The operation or subgraph: the start of every message. */
  where: string;
  options: ProviderErrorOptions;
  /** Who answered, in "… answered no data and no errors" ("Codex", "the gateway"). */
  who: string;
  /** The GraphQL envelope: `data` and `errors`. */
  envelope: z.ZodType<{ data?: unknown; errors?: E[] | null | undefined }>;
  joinMessages: (errors: readonly E[]) => string;
  /** The error a 200 carrying `errors` stands for, by the vendor's table. */
  graphqlError: (errors: readonly E[], where: string, options: ProviderErrorOptions) => ProviderError;
  /** The error of a non-2xx answer; default the GraphQL rows over the default table. */
  statusError?: ((failed: FailedAnswer) => ProviderError) | undefined;
}

/** A 5xx whose body is not JSON is said as such. */
export const GRAPHQL_STATUS_ROWS: readonly StatusRow[] = [
  { status: '5xx', error: transientFailure(failureText) },
];
const graphqlStatusError = httpErrors(GRAPHQL_STATUS_ROWS);

/** The `data` of a GraphQL answer (never null), or the error the answer stands for. */
export function readGraphqlAnswer<E>(
  response: GuardedResponse,
  {
    where,
    options,
    who,
    envelope,
    joinMessages,
    graphqlError,
    statusError = graphqlStatusError,
  }: GraphqlReading<E>,
): unknown {
  const { status } = response;
  const withStatus = { ...options, status };
  const body = jsonOf(response.text);
  // The envelope first (its errors say why there is no data), then `data`.
  const parsed = body === undefined ? undefined : envelope.safeParse(body);
  const errors = parsed?.success ? (parsed.data.errors ?? []) : [];

  if (status >= 200 && status < 300) {
    if (body === undefined)
      throw new ProviderError('failure', `${where}: non-JSON response (HTTP ${status})`, withStatus);
    if (!parsed?.success)
      throw new ProviderError('failure', `${where}: unexpected payload (HTTP ${status})`, withStatus);
    if (errors.length > 0) throw graphqlError(errors, where, withStatus);
    const { data } = parsed.data;
    if (data === null || data === undefined)
      throw new ProviderError('failure', `${where}: ${who} answered no data and no errors`, withStatus);
    return data;
  }
  const errorText = () => (errors.length > 0 ? joinMessages(errors) : undefined);
  throw statusError(failedAnswer(response, { where, options, errorText, text: httpTextOf }));
}
