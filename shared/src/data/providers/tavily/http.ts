// Requests to Tavily through the guarded fetch: JSON bodies, the key as a bearer token, and the
// web rows of the error table (web-errors.ts): 401/403 auth_failed, 429 and 432/433 (plan and
// pay-as-you-go limits) RATE_LIMITED, 400/422 PROVIDER_ERROR, 402/5xx the next provider. The
// message is Tavily's own `detail.error`, redacted.
import type { z } from 'zod';
import { jsonRequest } from '../http-answer.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { readWebAnswer } from '../web-errors.js';
import { errorBodySchema } from './payloads.js';

export type TavilyCall = <S extends z.ZodType>(
  request: { path: string; method?: 'GET' | 'POST'; body?: unknown },
  schema: S,
) => Promise<z.infer<S>>;

/** The message of a Tavily error body (`detail.error`, a `detail` string, or validation messages). */
export function tavilyErrorText(body: unknown): string | undefined {
  const detail = errorBodySchema.safeParse(body).data?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail))
    return detail
      .map((d) => d.msg)
      .filter((m): m is string => !!m)
      .join('; ');
  return detail?.error ?? undefined;
}

export function createTavilyCall(endpoint: ProviderEndpoint, context: ProviderContext): TavilyCall {
  const authorization = `Bearer ${endpoint.secrets[0] ?? ''}`;
  const options = { provider: 'tavily', redact: context.redact };
  return async ({ path, method = 'POST', body }, schema) => {
    const response = await jsonRequest(context, {
      url: `${endpoint.url}${path}`,
      method,
      headers: { authorization },
      body,
    });
    return readWebAnswer(response, schema, {
      where: `tavily ${method} ${path}`,
      options,
      errorText: tavilyErrorText,
    });
  };
}
