// HTTP status and JSON-RPC error → typed error, for every RPC vendor: 401/402/403 reject the key,
// 429 and -32005 are rate limits, -32601 and plan or add-on refusals make the method unsupported,
// range refusals too; reverts and invalid params are refused requests (no fallback); 5xx and
// anything else are provider failures.
import {
  AuthFailedError,
  NotFoundError,
  ProviderError,
  RateLimitedError,
  RequestRefusedError,
  UnsupportedMethodError,
} from '../../errors/data-errors.js';
import type { Redactor } from '../../errors/redact.js';

export interface RpcFailure {
  status: number;
  method: string;
  code?: number | undefined;
  message?: string | undefined;
  provider: string;
  redact: Redactor;
}

const UNSUPPORTED =
  /not available|add-on|not supported|unsupported method|upgrade to|free tier|does not exist|not enabled/i;
const RANGE = /range|exceeds limit|response size exceeded|limited to/i;

export function classifyRpcError(failure: RpcFailure): ProviderError {
  const { status, code, method, provider, redact } = failure;
  const message = failure.message ?? `HTTP ${status}`;
  const text = `${method}: ${message}`;
  const options = { provider, status, redact };
  if (
    status === 401 ||
    code === -32016 ||
    /must be authenticated|unauthorized|invalid api key/i.test(message)
  )
    return new AuthFailedError(`key rejected (${text})`, options);
  if (status === 402) return new AuthFailedError(`payment required: no usable key (${text})`, options);
  if (status === 403) return new AuthFailedError(`access refused (${text})`, options);
  if (status === 429 || code === 429 || code === -32005) return new RateLimitedError(text, options);
  if (code === -32601 || status === 413 || code === -32614 || code === -32012)
    return new UnsupportedMethodError(text, options);
  if (UNSUPPORTED.test(message) || RANGE.test(message)) return new UnsupportedMethodError(text, options);
  if (/transaction not found|not found/i.test(message) && method === 'debug_traceTransaction')
    return new NotFoundError(text, options);
  if (code === 3 || code === -32602 || /execution reverted/i.test(message))
    return new RequestRefusedError(text, options);
  return new ProviderError('failure', text, { ...options, transient: status >= 500 });
}
