// Requests to Exa through the guarded fetch: POST with a JSON body and the key in `x-api-key`,
// and the web rows of the error table (web-errors.ts): 401/403 auth_failed, 429 RATE_LIMITED,
// 400/422 PROVIDER_ERROR, 402 (NO_MORE_CREDITS, API_KEY_BUDGET_EXCEEDED) and 5xx the next
// provider. The message is Exa's own `error` (or `message`) with its `tag`, redacted.
import type { z } from 'zod';
import { jsonRequest } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { readWebAnswer } from '../web-errors.js';
import { errorBodySchema } from './payloads.js';

export type ExaCall = <S extends z.ZodType>(path: string, body: unknown, schema: S) => Promise<z.infer<S>>;

/** The message of an Exa error body: `error` (or `message`), with the machine tag when sent. */
export function exaErrorText(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body).data;
  const message = parsed?.error?.trim() || parsed?.message?.trim();
  const tag = parsed?.tag?.trim();
  if (!message) return tag || undefined;
  return tag ? `${message} (${tag})` : message;
}

export function createExaCall(endpoint: ProviderEndpoint, context: ProviderContext): ExaCall {
  const key = endpoint.secrets[0] ?? '';
  const options = { provider: 'exa', redact: context.redact };
  return async (path, body, schema) => {
    const response = await jsonRequest(context, {
      url: `${endpoint.url}${path}`,
      headers: { 'x-api-key': key },
      body,
    });
    return readWebAnswer(response, schema, { where: `exa POST ${path}`, options, errorText: exaErrorText });
  };
}
