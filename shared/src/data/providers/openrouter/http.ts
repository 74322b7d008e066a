// Requests to OpenRouter through the guarded fetch, with its error table
// (https://openrouter.ai/docs/api-reference/errors-and-debugging)
// mapped as docs/data-layer.md's AI rows say, as rows over the default table of http-errors.ts:
// - 401 (missing, disabled or invalid key): AuthFailedError, the provider becomes auth_failed;
// - 429: RateLimitedError with Retry-After (retried once when it is at most 5 s);
// - 400, 403 (moderation, permissions), 404, 413, 422 and any other 4xx: RequestRefusedError,
//   PROVIDER_ERROR without fallback;
// - 402 (credits) and 5xx (502 model down, 503 no provider): ProviderError('failure'), transient
//   (retried once) for 5xx and 408 (the vendor's time-out);
// - a 2xx body that is not JSON or not the documented shape: a failure.
// Vendor messages pass through `context.redact`; no header value is ever put into a message.
import type { z } from 'zod';
import { jsonRequest, readAnswer } from '../http-answer.js';
import { httpErrors, OUT_OF_CREDITS_ROW, VENDOR_TIMEOUT_ROW } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { errorBodySchema } from './payloads.js';

const MAX_MESSAGE_CHARS = 500;

export interface OpenrouterRequest {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
}

export type OpenrouterCall = <S extends z.ZodType>(
  request: OpenrouterRequest,
  schema: S,
) => Promise<z.infer<S>>;

/** The vendor's error text of an `{error: {code, message, metadata}}` body, capped. */
export function errorText(
  error: { message?: string | null | undefined; metadata?: unknown } | null | undefined,
) {
  const message = error?.message?.trim();
  if (!message) return undefined;
  const metadata = (error?.metadata ?? {}) as { reasons?: unknown; provider_name?: unknown };
  const reasons = Array.isArray(metadata.reasons)
    ? metadata.reasons.filter((r) => typeof r === 'string')
    : [];
  const provider = typeof metadata.provider_name === 'string' ? metadata.provider_name : undefined;
  const extra = [
    ...(reasons.length > 0 ? [`reasons: ${reasons.join(', ')}`] : []),
    ...(provider ? [`provider: ${provider}`] : []),
  ];
  const text = `${message}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`;
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
}

/** OpenRouter's rows over the default table (see the file's head): 401 alone rejects the key. */
const openrouterError = httpErrors([OUT_OF_CREDITS_ROW, VENDOR_TIMEOUT_ROW], { keyStatuses: [401] });

export function createOpenrouterCall(endpoint: ProviderEndpoint, context: ProviderContext): OpenrouterCall {
  const key = endpoint.secrets[0];
  const options = { provider: 'openrouter', redact: context.redact };
  return async ({ path, method = 'GET', body, timeoutMs, maxBytes }, schema) => {
    const response = await jsonRequest(context, {
      url: `${endpoint.url}${path}`,
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body,
      timeoutMs,
      maxBytes,
    });
    return readAnswer(response, schema, {
      where: `openrouter ${method} ${path}`,
      options,
      errorText: (json) => errorText(errorBodySchema.safeParse(json).data?.error),
      errorOf: openrouterError,
    });
  };
}
