// JSON-RPC 2.0 over the guarded fetch: success is 2xx and no `error`;
// a 200 may carry an error, a 4xx/5xx may carry a JSON-RPC body or HTML; non-JSON bodies are
// transport failures, never data.
import { ProviderError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { classifyRpcError } from './classify-rpc-error.js';
import { rpcResponseSchema } from './rpc-payloads.js';

export type JsonRpc = <T = unknown>(method: string, params: unknown[]) => Promise<T>;

export function createJsonRpc(endpoint: ProviderEndpoint, context: ProviderContext): JsonRpc {
  let nextId = 1;
  const provider = context.policy.provider;
  const { redact } = context;
  return async <T>(method: string, params: unknown[]): Promise<T> => {
    const id = nextId++;
    const response = await context.fetch({
      url: endpoint.url,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    let json: unknown;
    try {
      json = JSON.parse(response.text);
    } catch {
      if (response.status >= 400)
        throw classifyRpcError({ status: response.status, method, provider, redact });
      throw new ProviderError('failure', `${method}: non-JSON response (HTTP ${response.status})`, {
        provider,
        status: response.status,
        redact,
      });
    }
    const parsed = rpcResponseSchema.safeParse(json);
    if (!parsed.success) {
      if (response.status >= 400)
        throw classifyRpcError({ status: response.status, method, provider, redact });
      throw new ProviderError('failure', `${method}: not a JSON-RPC response`, { provider, redact });
    }
    const { error } = parsed.data;
    if (error !== undefined || response.status >= 400) {
      const code = typeof error === 'object' ? error.code : undefined;
      const message = typeof error === 'object' ? error.message : error;
      throw classifyRpcError({ status: response.status, method, code, message, provider, redact });
    }
    return parsed.data.result as T;
  };
}
